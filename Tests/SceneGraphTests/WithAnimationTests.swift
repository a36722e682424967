import Foundation
import Testing

@testable import SceneGraph

/// A square that a key moves, inside `withAnimation` or not.
struct KeyedSquare: View {
  let animation: Animation?
  let disables: Bool
  @State var x = 0.0

  var body: some View {
    Rectangle().fill(Color.red).frame(width: 10, height: 10).offset(x: x)
      .onKeyPress("a") {
        var t = Transaction(animation: animation)
        t.disablesAnimations = disables
        withTransaction(t) { x = 100 }
        return .handled
      }
  }
}

@Suite struct WithAnimationTests {
  /// The square's left edge at each time, the key pressed after the first frame.
  func positions(_ view: KeyedSquare, at times: [Double]) -> [Double] {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func frame(_ t: Double) -> Double {
      let out = rt.frame(
        { view }, input: FrameInput(now: Date(timeIntervalSince1970: t), time: t, size: Size(width: 300, height: 100)))
      return out.items.first { $0.kind == .shape }?.bounds.minX ?? .nan
    }
    let start = frame(0)
    #expect(rt.keyPress("a"))
    return times.map(frame).map { $0 - start }
  }

  @Test("withAnimation animates what the state change moves, with the block's curve")
  func animates() {
    let moved = positions(KeyedSquare(animation: .linear(duration: 1), disables: false, x: 0), at: [1, 1.5, 2, 3])
    #expect(moved.map { ($0 * 1000).rounded() / 1000 } == [0, 50, 100, 100])
  }

  @Test("a change outside withAnimation, or with animations disabled, is immediate")
  func immediate() {
    #expect(positions(KeyedSquare(animation: nil, disables: false, x: 0), at: [1, 1.5]) == [100, 100])
    #expect(positions(KeyedSquare(animation: .linear(duration: 1), disables: true, x: 0), at: [1, 1.5]) == [100, 100])
  }

  @Test("withAnimation returns its body's result, and nests")
  func nests() {
    let r = withAnimation(.easeIn) { withAnimation(nil) { Transaction.current?.animation == nil ? 1 : 2 } }
    #expect(r == 1)
    #expect(Transaction.current == nil)
  }

  @Test("a block's transaction is its own thread's: another thread's block opened inside it does not replace it")
  func notReplacedByAnotherThread() {
    let mainInside = DispatchSemaphore(value: 0)
    let otherInside = DispatchSemaphore(value: 0)
    let mainDone = DispatchSemaphore(value: 0)
    Thread {
      mainInside.wait()
      withTransaction(Transaction(animation: nil)) {
        otherInside.signal()
        mainDone.wait()
      }
    }.start()
    let seen = withAnimation(.linear(duration: 2)) { () -> Animation? in
      mainInside.signal()
      otherInside.wait()
      defer { mainDone.signal() }
      return Transaction.current?.animation
    }
    #expect(seen == .linear(duration: 2))
  }

  @Test("a block's transaction is its own thread's: another thread's block ending does not end it")
  func notEndedByAnotherThread() {
    let otherInside = DispatchSemaphore(value: 0)
    let mainInside = DispatchSemaphore(value: 0)
    let otherLeft = DispatchSemaphore(value: 0)
    Thread {
      withTransaction(Transaction(animation: nil)) {
        otherInside.signal()
        mainInside.wait()
      }
      otherLeft.signal()
    }.start()
    otherInside.wait()
    let seen = withAnimation(.linear(duration: 2)) { () -> Animation? in
      mainInside.signal()
      otherLeft.wait()
      return Transaction.current?.animation
    }
    #expect(seen == .linear(duration: 2))
  }

  @Test("a task started inside a block does not inherit its transaction: its later changes do not animate")
  func tasksDoNotInherit() async {
    let task = withAnimation(.linear(duration: 2)) { Task { Transaction.current == nil } }
    #expect(await task.value)
  }
}

/// A square a key moves by plain state change, under the deprecated `.animation(_:)`.
struct ImplicitlyAnimatedSquare: View {
  let animation: Animation?
  @State var x = 0.0

  var body: some View {
    Rectangle().fill(Color.red).frame(width: 10, height: 10).offset(x: x)
      .onKeyPress("a") {
        x = 100
        return .handled
      }
      .animation(animation)
  }
}

@Suite struct ImplicitAnimationTests {
  func positions(_ view: ImplicitlyAnimatedSquare, at times: [Double]) -> [Double] {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func frame(_ t: Double) -> Double {
      let out = rt.frame(
        { view }, input: FrameInput(now: Date(timeIntervalSince1970: t), time: t, size: Size(width: 300, height: 100)))
      return out.items.first { $0.kind == .shape }?.bounds.minX ?? .nan
    }
    let start = frame(0)
    #expect(rt.keyPress("a"))
    return times.map(frame).map { $0 - start }
  }

  @Test(".animation(_:) animates any change inside with its curve; nil moves at once")
  func animatesEveryChange() {
    let moved = positions(ImplicitlyAnimatedSquare(animation: .linear(duration: 1)), at: [1, 1.5, 2, 3])
    #expect(moved.map { ($0 * 1000).rounded() / 1000 } == [0, 50, 100, 100])
    #expect(positions(ImplicitlyAnimatedSquare(animation: nil), at: [1, 1.5]) == [100, 100])
  }
}

/// Two squares whose stack's spacing a key changes inside `withAnimation`.
struct SpacedSquares: View {
  @State var wide = false

  var body: some View {
    HStack(spacing: wide ? 110 : 10) {
      Rectangle().fill(Color.red).frame(width: 10, height: 10)
      Rectangle().fill(Color.blue).frame(width: 10, height: 10)
    }
    .onKeyPress("a") {
      withAnimation(.linear(duration: 1)) { wide = true }
      return .handled
    }
  }
}

@Suite struct StackSpacingAnimationTests {
  @Test("a stack's spacing animates with the change's transaction, moving its children")
  func spacingAnimates() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func gap(_ t: Double) -> Double {
      let out = rt.frame(
        { SpacedSquares() },
        input: FrameInput(now: Date(timeIntervalSince1970: t), time: t, size: Size(width: 300, height: 100)))
      let shapes = out.items.filter { $0.kind == .shape }.map(\.bounds)
      return shapes.count == 2 ? shapes[1].minX - shapes[0].maxX : .nan
    }
    #expect(gap(0) == 10)
    #expect(rt.keyPress("a"))
    #expect([1, 1.5, 2, 3].map { (gap($0) * 1000).rounded() / 1000 } == [10, 60, 110, 110])
  }
}
