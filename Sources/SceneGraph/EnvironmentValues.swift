// The environment: what a view's ancestors set for it (font, paint, controls, objects), in one shared box.
import Graphics

/// What the scene's environment gives text and shapes that do not say otherwise.
///
/// The values live in one shared box: every node copies and compares its environment on every
/// update, and a copy is then one reference and an unchanged environment one pointer compare.
/// A view that changes a value (`.font`, a stack's axis) derives its children's environment
/// through `UpdateContext.deriving(_:_:)`, which hands back last update's box when the result is
/// the same, so what is below keeps comparing by pointer.
public struct EnvironmentValues: Hashable {
  /// The values themselves.
  struct Values: Hashable {
    var font: Font = .body
    var foreground: Paint = .color(.black)
    /// Whether `foreground` was set by `.foregroundStyle`: a button's label then takes it
    /// instead of its style's color, as in SwiftUI.
    var foregroundIsExplicit = false
    /// Whether text inside uses tabular digits.
    var monospacedDigits = false
    /// A weight that text inside takes whatever its font (`.bold()`, `.fontWeight(_:)`).
    var fontWeight: Font.Weight?
    /// Whether text inside is italic whatever its font (`.italic()`).
    var italic = false
    /// The axis of the innermost stack, which turns a `Divider` across it; nil outside stacks.
    var stackAxis: StackAxis?
    /// The values few views set, kept apart so that comparing the environment stays cheap.
    var extras = EnvironmentExtras()

    /// The size of symbol images inside relative to their font (`.imageScale(_:)`).
    var imageScale: Image.Scale {
      get { extras.storage.imageScale }
      set { extras.update { $0.imageScale = newValue } }
    }
    /// Extra space after each character of text inside, in points (`.tracking(_:)`, `.kerning(_:)`).
    var tracking: Double {
      get { extras.storage.tracking }
      set { extras.update { $0.tracking = newValue } }
    }
    /// What controls inside are drawn and act with: enabled, tint, styles (`Controls/`).
    var controls: ControlEnvironment {
      get { extras.storage.controls }
      set { extras.update { $0.controls = newValue } }
    }
    /// Objects put in the environment (`.environmentObject`, `.environment(object)`), by type.
    var objects: EnvironmentObjects {
      get { extras.storage.objects }
      set { extras.update { $0.objects = newValue } }
    }
    /// Light or dark (`.preferredColorScheme(_:)`).
    var colorScheme: ColorScheme {
      get { extras.storage.colorScheme }
      set { extras.update { $0.colorScheme = newValue } }
    }
    /// The case text inside is set in (`.textCase(_:)`).
    var textCase: Text.Case? {
      get { extras.storage.textCase }
      set { extras.update { $0.textCase = newValue } }
    }
  }

  /// The box the values live in; never written once shared (`write`).
  final class Storage {
    var values: Values
    init(_ values: Values) { self.values = values }
  }

  /// The box of the default environment, shared by every environment that changes nothing.
  nonisolated(unsafe) private static let defaults = Storage(Values())
  private(set) var storage: Storage

  /// Creates the default environment.
  public init() { storage = Self.defaults }

  init(_ values: Values) { storage = Storage(values) }

  /// Changes the values, in a box of this environment's own.
  private mutating func write(_ change: (inout Values) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
    change(&storage.values)
  }

  public static func == (a: EnvironmentValues, b: EnvironmentValues) -> Bool {
    a.storage === b.storage || a.storage.values == b.storage.values
  }

  public func hash(into h: inout Hasher) { h.combine(storage.values) }

  public var font: Font {
    get { storage.values.font }
    set { write { $0.font = newValue } }
  }
  public var foreground: Paint {
    get { storage.values.foreground }
    set { write { $0.foreground = newValue } }
  }
  var foregroundIsExplicit: Bool {
    get { storage.values.foregroundIsExplicit }
    set { write { $0.foregroundIsExplicit = newValue } }
  }
  /// Whether text inside uses tabular digits.
  public var monospacedDigits: Bool {
    get { storage.values.monospacedDigits }
    set { write { $0.monospacedDigits = newValue } }
  }
  /// A weight that text inside takes whatever its font (`.bold()`, `.fontWeight(_:)`).
  public var fontWeight: Font.Weight? {
    get { storage.values.fontWeight }
    set { write { $0.fontWeight = newValue } }
  }
  /// Whether text inside is italic whatever its font (`.italic()`).
  public var italic: Bool {
    get { storage.values.italic }
    set { write { $0.italic = newValue } }
  }
  var stackAxis: StackAxis? {
    get { storage.values.stackAxis }
    set { write { $0.stackAxis = newValue } }
  }
  /// The size of symbol images inside relative to their font (`.imageScale(_:)`).
  public var imageScale: Image.Scale {
    get { storage.values.imageScale }
    set { write { $0.imageScale = newValue } }
  }
  var tracking: Double {
    get { storage.values.tracking }
    set { write { $0.tracking = newValue } }
  }
  var controls: ControlEnvironment {
    get { storage.values.controls }
    set { write { $0.controls = newValue } }
  }
  var objects: EnvironmentObjects {
    get { storage.values.objects }
    set { write { $0.objects = newValue } }
  }
  /// Light or dark: light unless `.preferredColorScheme(_:)` or `.environment(\.colorScheme, _)`
  /// says otherwise. Semantic colors (`Color.primary`) do not follow it.
  public var colorScheme: ColorScheme {
    get { storage.values.colorScheme }
    set { write { $0.colorScheme = newValue } }
  }
  /// The case text inside is set in (`.textCase(_:)`); nil as written.
  public var textCase: Text.Case? {
    get { storage.values.textCase }
    set { write { $0.textCase = newValue } }
  }
}

/// The environment's rarely set values in one shared box, copied only when one is set: the
/// default box is shared by every environment that sets none.
struct EnvironmentExtras: Hashable {
  /// The values.
  final class Storage: Hashable {
    var imageScale = Image.Scale.medium
    var tracking = 0.0
    var controls = ControlEnvironment()
    var objects = EnvironmentObjects()
    var colorScheme = ColorScheme.light
    var textCase: Text.Case?

    init() {}

    func copy() -> Storage {
      let s = Storage()
      (s.imageScale, s.tracking, s.controls, s.objects, s.colorScheme, s.textCase) = (
        imageScale, tracking, controls, objects, colorScheme, textCase
      )
      return s
    }

    static func == (a: Storage, b: Storage) -> Bool {
      a === b
        || (a.imageScale == b.imageScale && a.tracking == b.tracking && a.controls == b.controls
          && a.objects == b.objects && a.colorScheme == b.colorScheme && a.textCase == b.textCase)
    }

    func hash(into h: inout Hasher) {
      h.combine(imageScale)
      h.combine(tracking)
      h.combine(controls)
      h.combine(objects)
      h.combine(colorScheme)
      h.combine(textCase)
    }
  }

  /// The box every untouched environment shares.
  nonisolated(unsafe) private static let shared = Storage()
  private(set) var storage = EnvironmentExtras.shared

  /// Changes the values through a box of this environment's own.
  mutating func update(_ change: (Storage) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    change(storage)
  }
}

extension UpdateContext {
  /// This context with the environment `change` makes of it, for the children of `node`.
  ///
  /// When the result equals what `node` derived last time, that environment (its box) is
  /// handed back, so the children find theirs unchanged by a pointer compare and nothing is
  /// allocated; a new box is made only when a value changed.
  func deriving(_ node: ViewNode, _ change: (inout EnvironmentValues.Values) -> Void) -> UpdateContext {
    var values = env.storage.values
    change(&values)
    var c = self
    if let last = node.derivedEnv, last.storage.values == values {
      c.env = last
    } else {
      c.env = EnvironmentValues(values)
      node.derivedEnv = c.env
    }
    return c
  }
}
