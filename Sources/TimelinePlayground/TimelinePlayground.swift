// The module sketches and user packages import: SwiftUI's view API on an SDL2 window.
//
// `import TimelinePlayground` stands where `import SwiftUI` does on Apple's platforms: it brings
// the views, modifiers, timelines, animations and shapes, and re-exports Foundation and
// Observation as SwiftUI does (and Combine's API, as OpenCombine), so pasted code finds `Date`, `DateFormatter`,
// `String(format:)` and `@Observable` with only the import changed.
@_exported public import Foundation
@_exported public import Observation
// Combine's publishers, `ObservableObject` and `@Published`, from OpenCombine (Linux has no
// Combine); `import Combine` in a sketch reads as this import.
@_exported public import OpenCombine
@_exported public import SceneGraph

// Implementation-only, so that sketches compiled against this module need none of the window's
// modules (SDL's headers, the benchmark's C shims). Nothing of PlaygroundKit appears in a
// declaration here, so the compiler's warning about layouts without library evolution does not
// apply.
@_implementationOnly import PlaygroundKit

// Foundation declares these names too; declaring them here, in the module that imports both,
// makes the view API's meaning the one a sketch sees, so none of them is ambiguous.

/// A floating-point scalar of the view API: `Double`, as `CGFloat` is on 64-bit platforms.
public typealias CGFloat = SceneGraph.CGFloat
/// A width and height in points.
public typealias CGSize = SceneGraph.CGSize
/// A point in a view's coordinate space.
public typealias CGPoint = SceneGraph.CGPoint
/// A rectangle in a view's coordinate space.
public typealias CGRect = SceneGraph.CGRect
/// `Timer.publish(every:on:in:)`, the Combine-style timer views subscribe to with `onReceive`.
public typealias Timer = SceneGraph.Timer
/// The run loop a timer publisher names (`.main`).
public typealias RunLoop = SceneGraph.RunLoop

/// Opens a window on a view from a program of your own: the one line its `main.swift` needs.
///
/// ```swift
/// import TimelinePlayground
///
/// PlaygroundApp.run(ContentView())
/// ```
///
/// The program takes `playground run`'s options (`--size`, `--stats`, `--renderer`, …).
public enum PlaygroundApp {
  /// Shows `view` in the window until it is closed, then exits.
  public static func run<V: View>(_ view: @autoclosure @escaping () -> V) -> Never {
    HostedWindow.run(name: String(describing: V.self)) { _ in AnyView(view()) }
  }
}

// Emitted into the code that calls them: a sketch is loaded into the `playground` executable,
// which has the view API's symbols but not this module's.
extension Image {
  /// The picture named `name` beside the sketch; SwiftUI's `Image(_:bundle:)`. There is one
  /// catalog (the sketch's folders, `NamedImages`), so `bundle` is accepted and not read.
  @_alwaysEmitIntoClient
  public init(_ name: String, bundle: Bundle?) { self.init(name) }

  /// A picture found by name that accessibility skips; SwiftUI's `Image(decorative:bundle:)`.
  @_alwaysEmitIntoClient
  public init(decorative name: String, bundle: Bundle?) { self.init(decorative: name) }
}
