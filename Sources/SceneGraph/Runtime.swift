import Foundation
import Graphics
import Motion
import Timeline

/// Everything a frame needs from outside the scene: time, size and the timelines' mode.
public struct FrameInput: Sendable {
  /// The wall-clock date of this frame.
  public var now: Date
  /// Monotonic seconds; animations are timed on this clock.
  public var time: Double
  /// The scene's size in points.
  public var size: Size
  /// Pixels per point (2 on a HiDPI display).
  public var pixelScale: Double
  public var cadence: Cadence
  public var mode: TimelineScheduleMode
  /// When true, timelines keep showing their last context (the user paused).
  public var timelinesFrozen: Bool
  /// Whether the frame will be drawn; when not (a minimized window), the tree is built and
  /// laid out, so state and timelines advance, but nothing is tessellated.
  public var draws = true

  /// Creates a frame input.
  public init(
    now: Date, time: Double, size: Size, pixelScale: Double = 1, cadence: Cadence = .live,
    mode: TimelineScheduleMode = .normal, timelinesFrozen: Bool = false
  ) {
    self.now = now
    self.time = time
    self.size = size
    self.pixelScale = pixelScale
    self.cadence = cadence
    self.mode = mode
    self.timelinesFrozen = timelinesFrozen
  }
}

/// One primitive the frame drew, in pixels: what tests and the HUD inspect.
public struct DrawnItem: Hashable, Sendable {
  /// What kind of primitive it was.
  public enum Kind: Hashable, Sendable { case shape, text, image, mesh, canvas }
  public var kind: Kind
  /// The axis-aligned bounds of the primitive after every transform, in pixels.
  public var bounds: Rect
  /// The solid color (or the first gradient stop) it was drawn with, opacity included.
  public var color: Color?
  /// The string, for text.
  public var text: String?
}

/// The output of one frame.
public struct FrameOutput {
  public var drawList: DrawList
  /// The primitives in drawing order.
  public var items: [DrawnItem]
  /// Whether some implicit animation is still moving; the pump then renders every frame.
  public var animationsInFlight: Bool
  /// How many times the body was evaluated this frame (more than one when actions changed state).
  public var passes: Int
  /// Seconds spent evaluating the body into a resolved tree (closures, state, timelines).
  public var buildSeconds: Double = 0
  /// Seconds spent on layout and lowering to the draw list.
  public var lowerSeconds: Double = 0
}

/// Evaluates scene bodies frame after frame, keeping the state that outlives a frame.
///
/// Per frame: resolve the body (run timeline and state closures, fire `onChange`/`onAppear`
/// after the pass, re-evaluate while actions changed state, at most `maxPasses` times), drop
/// the state of nodes that disappeared, lay out, and lower to a draw list.
public final class SceneRuntime {
  /// Lays out text; the SDL backend's glyph atlas in the app, a fixed-advance engine in tests.
  public let textEngine: TextEngine
  /// A name for warnings, usually the scene's.
  public var name: String
  /// Where warnings go; standard error by default.
  public var warn: (String) -> Void = { msg in
    FileHandle.standardError.write(Data(("warning: " + msg + "\n").utf8))
  }
  /// The most body evaluations per frame before the loop guard steps in.
  public var maxPasses = 8

  struct TimelineSlot {
    var type: String
    var driver: TimelineDriver
    var rebuilds: Int
    var deps: [UInt64]
  }

  private var states: [UInt64: StateBox] = [:]
  private var timelines: [UInt64: TimelineSlot] = [:]
  private var previous: [UInt64: AnyHashable] = [:]
  private var appeared: Set<UInt64> = []
  private var animated: [UInt64: AnimatedValue<Double>] = [:]
  private var meshes: [UInt64: (MeshSpec, Int, Int, ImageBuffer)] = [:]
  private var gradients: [GradientKey: ImageBuffer] = [:]
  private var seen: Set<UInt64> = []
  private var changedStates: [UInt64] = []
  private var pendingActions: [() -> Void] = []
  private var inFlight = false
  private var input = FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: .zero)
  private var loopWarned = false
  private var drawList = DrawList()

  /// The timelines on screen after the last frame, for the frame pump.
  public private(set) var activeDrivers: [TimelineDriver] = []
  /// The description of the timeline that tripped the loop guard, if any.
  public private(set) var loopGuardTripped: String?

  /// Creates a runtime.
  public init(textEngine: TextEngine, name: String = "scene") {
    self.textEngine = textEngine
    self.name = name
  }

  /// Forgets all state, as when a scene is switched to afresh.
  public func reset() {
    states.removeAll()
    timelines.removeAll()
    previous.removeAll()
    appeared.removeAll()
    animated.removeAll()
    meshes.removeAll()
    activeDrivers.removeAll()
    loopWarned = false
    loopGuardTripped = nil
  }

  /// Ends every animation in flight at its target; used when frames stop (minimized) so
  /// nothing jumps or replays when they resume.
  public func settleAnimations(at time: Double) {
    for k in animated.keys { animated[k]?.settle(at: time) }
  }

  func stateDidChange(_ box: StateBox) {
    changedStates.append(box.key)
  }

  /// Evaluates, lays out and lowers one frame of `body`.
  public func frame(_ body: () -> Node, input: FrameInput) -> FrameOutput {
    let startTime = monotonicSeconds()
    self.input = input
    seen.removeAll(keepingCapacity: true)
    inFlight = false
    var root = RNode(.empty)
    var passes = 0
    for slotKey in timelines.keys { timelines[slotKey]?.rebuilds = 0 }
    while true {
      passes += 1
      changedStates.removeAll(keepingCapacity: true)
      pendingActions.removeAll(keepingCapacity: true)
      activeDrivers.removeAll(keepingCapacity: true)
      var env = Env()
      let nodes = resolve(body(), key: 0x9E37_79B9_7F4A_7C15, env: &env)
      root = nodes.count == 1 ? nodes[0] : RNode(.stack(.depth, .center, 0, nodes))
      let actions = pendingActions
      pendingActions.removeAll()
      for a in actions { a() }
      if changedStates.isEmpty { break }
      // A timeline inside a Stateful whose value changed is rebuilt, and a rebuilt timeline
      // delivers a fresh update: the cycle the seeds call "Action Tried to Update Multiple
      // Times Per Frame" when that update's onChange writes the same state again.
      let changed = Set(changedStates)
      for (k, slot) in timelines where slot.deps.contains(where: changed.contains) {
        timelines[k]?.rebuilds += 1
      }
      if passes >= maxPasses {
        if !loopWarned {
          loopWarned = true
          let culprit =
            timelines.values.filter { $0.rebuilds > 1 }.map(\.type).first ?? "a Stateful value"
          loopGuardTripped = culprit
          warn(
            "scene '\(name)': an onChange/onAppear action keeps changing state that its own \(culprit) "
              + "depends on (\(maxPasses) updates in one frame, SwiftUI's \"Action Tried to Update "
              + "Multiple Times Per Frame\"); move that state inside the timeline's content")
        }
        break
      }
    }
    sweep()
    let builtTime = monotonicSeconds()
    // A frame nobody sees needs its state advanced, not its geometry: layout measures text,
    // and that was most of a minimized clock's remaining CPU.
    guard input.draws else {
      return FrameOutput(
        drawList: DrawList(), items: [], animationsInFlight: inFlight, passes: passes,
        buildSeconds: builtTime - startTime, lowerSeconds: 0)
    }
    let layout = Layout(textEngine: textEngine)
    let size = input.size
    _ = layout.size(root, ProposedSize(width: size.width, height: size.height))
    let rootSize = root.memoSize
    layout.place(
      root,
      in: Rect(
        x: (size.width - rootSize.width) / 2, y: (size.height - rootSize.height) / 2, width: rootSize.width,
        height: rootSize.height))
    drawList.reset()
    drawList.targetBounds = Rect(
      x: 0, y: 0, width: size.width * input.pixelScale, height: size.height * input.pixelScale)
    var lowerer = Lowerer(textEngine: textEngine, list: drawList, meshes: meshes, gradients: gradients)
    lowerer.lower(root, .scale(input.pixelScale, input.pixelScale), 1)
    drawList = lowerer.list
    meshes = lowerer.meshes
    // Full-window images are large; a resize leaves stale sizes behind, so keep only a few.
    if lowerer.gradients.count > 4 { lowerer.gradients.removeAll() }
    gradients = lowerer.gradients
    return FrameOutput(
      drawList: drawList, items: lowerer.items, animationsInFlight: inFlight, passes: passes,
      buildSeconds: builtTime - startTime, lowerSeconds: monotonicSeconds() - builtTime)
  }

  private func sweep() {
    func keep<V>(_ d: inout [UInt64: V]) {
      if d.count != 0 { d = d.filter { seen.contains($0.key) } }
    }
    keep(&states)
    keep(&timelines)
    keep(&previous)
    keep(&animated)
    keep(&meshes)
    appeared = appeared.intersection(seen)
  }

  // MARK: Resolution

  struct Env {
    var values = EnvironmentValues()
    var monospacedDigits = false
    /// The animation of the innermost `.animation(_:value:)` whose value changed this pass.
    var transaction: Animation?
    var stateKeys: [UInt64] = []
  }

  @inline(__always)
  static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    // splitmix64 finalizer: cheap, and child keys of sibling nodes do not collide.
    var z = a &+ 0x9E37_79B9_7F4A_7C15 &+ (b &* 0xBF58_476D_1CE4_E5B9)
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private func animatedValue(_ key: UInt64, _ target: Double, _ env: Env) -> Double {
    seen.insert(key)
    guard var slot = animated[key] else {
      animated[key] = AnimatedValue(target)
      return target
    }
    if slot.target != target {
      slot.animate(to: target, with: env.transaction, at: input.time)
    }
    let v = slot.value(at: input.time)
    if slot.isAnimating(at: input.time) { inFlight = true }
    animated[key] = slot
    return v
  }

  private func resolve(_ node: Node, key: UInt64, env: inout Env) -> [RNode] {
    switch node.kind {
    case .empty: return []
    case .group(let children):
      var out: [RNode] = []
      for (i, c) in children.enumerated() {
        var e = env
        out.append(contentsOf: resolve(c, key: Self.mix(key, UInt64(i + 1)), env: &e))
      }
      return out
    case .shape(let s, let fill, let stroke):
      return [RNode(.shape(s, fill: fill, stroke: stroke, foreground: env.values.foreground))]
    case .text(let s):
      var f = env.values.font
      if env.monospacedDigits { f.usesMonospacedDigits = true }
      return [RNode(.text(s, f, env.values.foreground))]
    case .image(let img, let k):
      return [RNode(.image(img, Self.mix(key, UInt64(bitPattern: Int64(k.hashValue)))))]
    case .mesh(let spec):
      seen.insert(key)
      return [RNode(.mesh(spec, key))]
    case .canvas(let draw):
      return [RNode(.canvas(draw))]
    case .spacer(let m):
      return [RNode(.spacer(m))]
    case .stack(let axis, let align, let spacing, let children):
      var out: [RNode] = []
      for (i, c) in children.enumerated() {
        var e = env
        out.append(contentsOf: resolve(c, key: Self.mix(key, UInt64(i + 1)), env: &e))
      }
      return [RNode(.stack(axis, align, spacing ?? (axis == .depth ? 0 : 8), out))]
    case .timeline(let spec):
      return resolveTimeline(spec, key: key, env: &env)
    case .state(let spec):
      seen.insert(key)
      let box: StateBox
      if let b = states[key] {
        box = b
      } else {
        box = StateBox(value: spec.initial, key: key, owner: self)
        states[key] = box
      }
      var e = env
      e.stateKeys.append(key)
      return resolve(spec.content(box), key: Self.mix(key, 1), env: &e)
    case .modified(let m, let child):
      return resolveModifier(m, child, key: key, env: &env)
    }
  }

  private func resolveTimeline(_ spec: TimelineSpec, key: UInt64, env: inout Env) -> [RNode] {
    seen.insert(key)
    var slot: TimelineSlot
    if let s = timelines[key], s.type == spec.scheduleType {
      slot = s
    } else {
      slot = TimelineSlot(type: spec.scheduleType, driver: spec.makeDriver(input.now), rebuilds: 0, deps: [])
    }
    slot.deps = env.stateKeys
    if !input.timelinesFrozen || slot.driver.lastContext == nil {
      _ = slot.driver.update(now: input.now, mode: input.mode, cadence: input.cadence)
    }
    timelines[key] = slot
    activeDrivers.append(slot.driver)
    var context = slot.driver.lastContext ?? TimelineContext(date: input.now, cadence: input.cadence)
    context.cadence = input.cadence
    if slot.rebuilds > 0 {
      context.date = context.date.addingTimeInterval(Double(slot.rebuilds) * 1e-6)
    }
    var e = env
    return resolve(spec.content(context), key: Self.mix(key, 1), env: &e)
  }

  private func single(_ nodes: [RNode]) -> RNode {
    nodes.count == 1 ? nodes[0] : RNode(.stack(.depth, .center, 0, nodes))
  }

  private func resolveModifier(_ m: Modifier, _ child: Node, key: UInt64, env: inout Env) -> [RNode] {
    let ck = Self.mix(key, 7)
    var e = env
    switch m {
    case .frame(var f):
      if let w = f.width { f.width = animatedValue(Self.mix(key, 101), w, env) }
      if let h = f.height { f.height = animatedValue(Self.mix(key, 102), h, env) }
      return [RNode(.frame(f, single(resolve(child, key: ck, env: &e))))]
    case .padding(let insets):
      return [RNode(.padding(insets, single(resolve(child, key: ck, env: &e))))]
    case .overlay(let extra, let a), .background(let extra, let a):
      let base = single(resolve(child, key: ck, env: &e))
      var e2 = env
      let over = single(resolve(extra, key: Self.mix(key, 8), env: &e2))
      var behind = false
      if case .background = m { behind = true }
      return [RNode(.layered(base: base, extra: over, a, behind: behind))]
    case .offset(let x, let y):
      let ax = animatedValue(Self.mix(key, 111), x, env)
      let ay = animatedValue(Self.mix(key, 112), y, env)
      return [RNode(.effect(.offset(x: ax, y: ay), single(resolve(child, key: ck, env: &e))))]
    case .scale(let x, let y, let anchor):
      let ax = animatedValue(Self.mix(key, 121), x, env)
      let ay = animatedValue(Self.mix(key, 122), y, env)
      return [RNode(.effect(.scale(x: ax, y: ay, anchor: anchor), single(resolve(child, key: ck, env: &e))))]
    case .rotation(let angle, let anchor):
      let deg = animatedValue(Self.mix(key, 131), angle.degrees, env)
      return [
        RNode(.effect(.rotation(.degrees(deg), anchor: anchor), single(resolve(child, key: ck, env: &e))))
      ]
    case .opacity(let o):
      let ao = animatedValue(Self.mix(key, 141), o, env)
      return [RNode(.effect(.opacity(ao), single(resolve(child, key: ck, env: &e))))]
    case .position(let x, let y):
      let ax = animatedValue(Self.mix(key, 151), x, env)
      let ay = animatedValue(Self.mix(key, 152), y, env)
      return [RNode(.position(x: ax, y: ay, single(resolve(child, key: ck, env: &e))))]
    case .font(let f):
      e.values.font = f
      return resolve(child, key: ck, env: &e)
    case .foreground(let p):
      e.values.foreground = p
      return resolve(child, key: ck, env: &e)
    case .monospacedDigit:
      e.monospacedDigits = true
      return resolve(child, key: ck, env: &e)
    case .id(let id):
      return resolve(child, key: Self.mix(key, UInt64(bitPattern: Int64(id.hashValue))), env: &e)
    case .animation(let anim, let value):
      seen.insert(key)
      let old = previous[key]
      previous[key] = value
      if let old, old != value { e.transaction = anim }
      return resolve(child, key: ck, env: &e)
    case .onChange(let value, let action):
      seen.insert(key)
      let old = previous[key]
      previous[key] = value
      if let old, old != value { pendingActions.append(action) }
      return resolve(child, key: ck, env: &e)
    case .onAppear(let action):
      seen.insert(key)
      if !appeared.contains(key) {
        appeared.insert(key)
        pendingActions.append(action)
      }
      return resolve(child, key: ck, env: &e)
    case .clipped:
      return [RNode(.clip(single(resolve(child, key: ck, env: &e))))]
    }
  }
}
