import SceneGraph

/// The articles' "Action Tried to Update Multiple Times Per Frame" example beside its fix.
///
/// Left, the broken view: the timeline's content toggles `flag`, state of the view that
/// builds the timeline, so its body runs again and builds a new `.periodic(from: .now, …)`;
/// a new schedule restarts the timeline, the date changes, and `onChange` would fire again.
/// As in SwiftUI, an `onChange` action runs once per frame: the second change is skipped
/// with a warning, once, and the restarted schedule is due again in the next frame, so the
/// flag flips every frame and the app keeps drawing.
/// Right, the fix: the flag moves into a subview, and the timeline no longer depends on it.
public struct UpdateTrapScene: PlaygroundScene {
  public static let name = "update-trap"
  public static let title = "The Update Trap"
  public static let scheduleSummary = ".periodic(from: .now, by: 2) beside .periodic(from: .now, by: 1)"
  /// The two panels and their titles fill the top half.
  public static let hudCorner = Alignment.bottomLeading

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let k = scene.fitScale(Size(width: 700, height: 380), fill: 0.9)
    ZStack {
      LinearGradient(colors: [Color(hex: 0x15171C), Color(hex: 0x22262E)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      VStack(spacing: 26) {
        HStack(spacing: 40) {
          Panel(title: "broken: @State flag outside the timeline") { UpdateTrap.ExampleView() }
          Panel(title: "fixed: the flag lives in SubView") { UpdateTrap.FixedExampleView() }
        }
        LoopGuardLine()
      }
      .scaleEffect(k)
      Caption(text: "onChange(of: timeline.date) { flag.toggle() }", size: scene.size)
    }
  }

  struct Panel<Content: View>: View {
    let title: String
    @ViewBuilder let content: () -> Content

    var body: some View {
      VStack(spacing: 18) {
        Text(title)
          .font(.system(size: 15, weight: .semibold))
          .foregroundStyle(Color(hex: 0xC8CDD8))
        content()
          .font(.system(size: 56, weight: .bold))
          .frame(width: 300, height: 160)
          .background { RoundedRectangle(cornerRadius: 14).fill(Color(hex: 0x2C313B)) }
      }
    }
  }
}

/// The update-loop guard's latest warning, checked twice a second.
struct LoopGuardLine: View {
  var body: some View {
    TimelineView(.periodic(from: Date(timeIntervalSinceReferenceDate: 0), by: 0.5)) { _ in
      let message = UpdateLoopGuard.latest
      Text(message.map { "⚠ \($0)" } ?? "no update loop detected yet")
        .font(.system(size: 14, design: .monospaced))
        .foregroundStyle(message == nil ? Color(hex: 0x8A93A5) : Color(hex: 0xFFB347))
        .frame(width: 660)
    }
  }
}

/// The articles' two versions, under their own names.
enum UpdateTrap {
  /// The articles' broken `ExampleView`.
  struct ExampleView: View {
    @State private var flag = false

    var body: some View {

      TimelineView(.periodic(from: .now, by: 2.0)) { timeline in

        Text("Hello")
          .foregroundStyle(flag ? .red : .blue)
          .onChange(of: timeline.date) { (date: Date) in
            flag.toggle()
          }

      }
    }
  }

  /// The articles' fixed `ExampleView`.
  struct FixedExampleView: View {
    var body: some View {

      TimelineView(.periodic(from: .now, by: 1.0)) { timeline in
        SubView(date: timeline.date)
      }

    }
  }

  /// The articles' `SubView`: the flag is its own.
  struct SubView: View {
    @State private var flag = false
    let date: Date

    var body: some View {
      Text("Hello")
        .foregroundStyle(flag ? .red : .blue)
        .onChange(of: date) { (date: Date) in
          flag.toggle()
        }
    }
  }
}
