import Testing

@testable import Graphics

/// A path knows when it is one inscribed ellipse, so a canvas can draw it as a circle.
@Suite struct PathEllipseTests {
  @Test func anEllipseIsRecognisedAndNothingElseIs() {
    let r = Rect(x: 10.25, y: -3, width: 7.5, height: 7.5)
    var e = Path()
    e.addEllipse(in: r)
    #expect(e.inscribedEllipse == r)
    // Moved by a translation, it is still the ellipse of the moved box (within rounding).
    let moved = e.applying(.translation(100.1, 0.3)).inscribedEllipse
    #expect(moved.map { abs($0.minX - 110.35) < 1e-9 && abs($0.width - 7.5) < 1e-9 } == true)
    var rect = Path()
    rect.addRect(r)
    #expect(rect.inscribedEllipse == nil)
    var two = e
    two.addEllipse(in: r)
    #expect(two.inscribedEllipse == nil)
    // A squashed curve is not an ellipse's.
    var bent = Path()
    for i in 0..<6 {
      if case .curve(let p, let c1, _) = Path.ellipseElement(i, in: r) {
        bent.addCurve(to: p, control1: c1, control2: p)
      } else if case .move(let p) = Path.ellipseElement(i, in: r) {
        bent.move(to: p)
      } else {
        bent.closeSubpath()
      }
    }
    #expect(bent.inscribedEllipse == nil)
  }

  @Test("a path made by addEllipse and one built element by element are equal and found alike")
  func madeAndBuiltAlike() {
    for r in [Rect(x: 10.25, y: -3, width: 7.5, height: 7.5), Rect(x: 0.1, y: 0.2, width: 3, height: 1e-7)] {
      let made = Path { $0.addEllipse(in: r) }
      var built = Path()
      for i in 0..<6 {
        switch Path.ellipseElement(i, in: r) {
        case .move(let p): built.move(to: p)
        case .curve(let p, let c1, let c2): built.addCurve(to: p, control1: c1, control2: c2)
        default: built.closeSubpath()
        }
      }
      #expect(made == built)
      #expect(made.hashValue == built.hashValue)
      #expect(made.inscribedEllipse == built.inscribedEllipse)
      #expect(made.inscribedEllipse != nil)
    }
    // Degenerate and non-finite boxes are no ellipse, however the path was made.
    #expect(Path { $0.addEllipse(in: Rect(x: 0, y: 0, width: 0, height: 4)) }.inscribedEllipse == nil)
    #expect(Path { $0.addEllipse(in: Rect(x: 0, y: 0, width: .infinity, height: 4)) }.inscribedEllipse == nil)
    #expect(Path { $0.addEllipse(in: Rect(x: .nan, y: 0, width: 3, height: 4)) }.inscribedEllipse == nil)
  }

  @Test("an ellipse made on an empty path reads, grows, maps and compares as its six elements")
  func madeEllipseActsAsItsElements() {
    let r = Rect(x: 1.5, y: -2, width: 3, height: 4)
    let six = (0..<6).map { Path.ellipseElement($0, in: r) }
    var built = Path()
    for e in six {
      switch e {
      case .move(let p): built.move(to: p)
      case .curve(let p, let c1, let c2): built.addCurve(to: p, control1: c1, control2: c2)
      default: built.closeSubpath()
      }
    }
    var made = Path { $0.addEllipse(in: r) }
    #expect(!made.isEmpty)
    #expect(made.elements == six)
    #expect(made.controlBounds == built.controlBounds)
    #expect(made.flattened() == built.flattened())
    #expect(made.applying(.translation(2, 3)) == built.applying(.translation(2, 3)))
    #expect(made != Path { $0.addEllipse(in: Rect(x: 2.5, y: -2, width: 3, height: 4)) })
    #expect(made != Path { $0.addEllipse(in: Rect(x: 0, y: 0, width: 1, height: 1)) })
    // An infinite box gives NaN elements, which no path equals.
    let infinite = Rect(x: 0, y: 0, width: .infinity, height: 4)
    #expect(Path { $0.addEllipse(in: infinite) } != Path { $0.addEllipse(in: infinite) })
    // Grown, it is the six elements and the new one, and no longer one ellipse.
    made.addLine(to: Point(x: 9, y: 9))
    built.addLine(to: Point(x: 9, y: 9))
    #expect(made.elements == six + [.line(to: Point(x: 9, y: 9))])
    #expect(made == built && made.hashValue == built.hashValue)
    #expect(made.inscribedEllipse == nil)
  }
}
