import FoundationEssentials
import Graphics

/// A piece of user interface described by a `body`; SwiftUI's `View`.
///
/// Views are plain values. The runtime keeps one graph node per view identity (its position in
/// the tree, plus `.id(_:)`), stores its `@State` there, and runs `body` again only when the
/// view's stored properties, one of its state values or its environment changed.
public protocol View {
  /// The type of view this view is made of.
  associatedtype Body: View
  /// What this view is made of; primitive views (text, shapes, stacks) have none.
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
  /// Primitive views are resolved by the runtime, never through a body.
  public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// Builds views from SwiftUI-style declarative blocks, loops and conditions.
@resultBuilder
public enum ViewBuilder {
  public static func buildExpression<V: View>(_ view: V) -> V { view }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<V: View>(_ view: V) -> V { view }
  public static func buildBlock<each V: View>(_ views: repeat each V) -> TupleView<repeat each V> {
    TupleView(repeat each views)
  }
  public static func buildOptional<V: View>(_ view: V?) -> V? { view }
  // Each branch has its own identity, so flipping a condition resets the other branch's state.
  public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> {
    _ConditionalContent(storage: .trueContent(first))
  }
  public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> {
    _ConditionalContent(storage: .falseContent(second))
  }
  public static func buildLimitedAvailability<V: View>(_ view: V) -> AnyView { AnyView(view) }
}

/// A view that shows nothing and takes no space.
public struct EmptyView: View, Equatable {
  public typealias Body = Never
  /// Creates an empty view.
  public init() {}
}

/// Several views side by side in a builder block; each keeps its position as its identity.
public struct TupleView<each Content: View>: View {
  public typealias Body = Never
  /// The views, in order, shared: copying a view copies a reference.
  ///
  /// Copying or destroying a stored `(repeat each Content)` asks the runtime for the tuple's
  /// type metadata, a hashed lookup, every time; views are copied several times an update.
  let storage: TupleViewStorage<(repeat each Content)>
  /// The views, in order.
  public var value: (repeat each Content) { storage.value }
  /// Creates a tuple of views.
  public init(_ value: repeat each Content) { storage = TupleViewStorage((repeat each value)) }
}

/// The box a `TupleView` keeps its views in.
final class TupleViewStorage<Value> {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// One of two views, chosen by an `if`/`else` or `switch` in a builder.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  public typealias Body = Never
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }
  let storage: Storage
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
}

/// Views computed from a collection, each identified by its element's id.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  public typealias Body = Never
  public var data: Data
  let id: (Data.Element) -> ID
  let content: (Data.Element) -> Content

  /// Creates views for `data`, identified by the key path `id`.
  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.id = { $0[keyPath: id] }
    self.content = content
  }
}

extension ForEach where Data == Range<Int>, ID == Int {
  /// Creates views for a constant range, identified by the integer.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
    self.data = data
    self.id = { $0 }
    self.content = content
  }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// Creates views for identifiable elements.
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.id = { $0.id }
    self.content = content
  }
}

/// A view whose type is erased, so different kinds of views can stand in one place.
///
/// A change of the wrapped view's type is a change of identity: the old view's state goes.
public struct AnyView: View {
  public typealias Body = Never
  let view: any View
  /// Wraps a view.
  public init<V: View>(_ view: V) {
    if let any = view as? AnyView { self.view = any.view } else { self.view = view }
  }
  /// Wraps a view given as an existential.
  public init(erasing view: any View) { self.view = view }
}

/// A group of views with no layout of its own; in a stack its children join the stack.
public struct Group<Content: View>: View {
  public typealias Body = Never
  let content: Content
  /// Creates a group.
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// Lays children out left to right.
public struct HStack<Content: View>: View {
  public typealias Body = Never
  let alignment: VerticalAlignment
  let spacing: Double?
  let content: Content
  /// Creates a horizontal stack; `spacing` nil means 8 points between children.
  public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }
}

/// Lays children out top to bottom.
public struct VStack<Content: View>: View {
  public typealias Body = Never
  let alignment: HorizontalAlignment
  let spacing: Double?
  let content: Content
  /// Creates a vertical stack; `spacing` nil means 8 points between children.
  public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }
}

/// Lays children on top of each other, later ones in front.
public struct ZStack<Content: View>: View {
  public typealias Body = Never
  let alignment: Alignment
  let content: Content
  /// Creates a depth stack.
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }
}

/// Flexible empty space that pushes its stack's siblings apart.
public struct Spacer: View, Equatable {
  public typealias Body = Never
  let minLength: Double
  /// Creates a spacer that is at least `minLength` long.
  public init(minLength: Double? = nil) { self.minLength = minLength ?? 0 }
}

/// A single line of text, laid out by the backend's text engine.
public struct Text: View, Equatable {
  public typealias Body = Never
  let content: String
  /// A date shown in a style that changes as time passes (`Text(_:style:)`, `TextFormatting.swift`);
  /// `content` then holds its text when it was made.
  var liveDate: LiveDate?
  /// What the text's own modifiers set (`Text("a").bold()`, `TextStyling.swift`).
  var style = TextRunStyle()
  /// The texts `+` joined, each with its style; nil for text of one run.
  var runs: [Text]?
  /// Creates text from a string, drawn verbatim.
  public init(_ content: String) { self.content = content }
}

/// A picture from pixels, drawn at its pixel size unless framed or `resizable()`; a picture
/// found by name (`Image(_ name:)`, in `NamedImages.swift`); or a symbol (`Image(systemName:)`,
/// in `Symbols/SymbolImage.swift`).
public struct Image: View {
  public typealias Body = Never
  let buffer: ImageBuffer
  let key: AnyHashable
  /// The SF Symbols name drawn instead of `buffer`; nil for a picture.
  var systemName: String?
  /// The name of a picture `NamedImages` finds (`Image(_ name:)`), read when it is resolved.
  var assetName: String?
  /// Whether the image stretches to the size offered to it.
  var isResizable = false
  /// Creates an image; `key` keeps its texture alive across frames.
  public init(_ buffer: ImageBuffer, key: AnyHashable) {
    self.buffer = buffer
    self.key = key
  }
}

/// A grid of control points and colors blended smoothly across the whole frame.
public struct MeshGradient: View, Equatable {
  public typealias Body = Never
  let spec: MeshSpec
  /// Creates a mesh gradient; `points` are in unit coordinates, row by row.
  public init(width: Int, height: Int, points: [Point], colors: [Color]) {
    spec = MeshSpec(width: width, height: height, points: points, colors: colors)
  }
  /// Creates a mesh gradient from SwiftUI-style `[x, y]` pairs.
  public init(width: Int, height: Int, points: [[Double]], colors: [Color]) {
    self.init(
      width: width, height: height, points: points.map { Point(x: $0.first ?? 0, y: $0.last ?? 0) },
      colors: colors)
  }
}

/// Core Graphics names, so code written against SwiftUI reads unchanged.
public typealias CGFloat = Double
/// Core Graphics' size type.
public typealias CGSize = Size
/// Core Graphics' point type.
public typealias CGPoint = Point
/// Core Graphics' rectangle type.
public typealias CGRect = Rect
