import Testing
// The drawing half of the drawing-and-motion corpus: canvases, filters, shapes and groups,
// written as SwiftUI's documentation writes them, each checked by the pixels it draws.
import TimelinePlayground

/// A filled rectangle and a stroked circle in a canvas; follows "Canvas" and "GraphicsContext".
struct FillAndStrokeCanvas: View {
  var body: some View {
    Canvas { context, size in
      context.fill(
        Path(CGRect(x: 20, y: 60, width: 100, height: 120)),
        with: .color(.red))
      context.stroke(
        Path(ellipseIn: CGRect(x: 180, y: 60, width: 120, height: 120)),
        with: .color(.blue),
        lineWidth: 8)
    }
    .frame(width: 320, height: 240)
  }
}

/// A canvas filled with a left-to-right gradient; follows "GraphicsContext.Shading".
struct GradientCanvas: View {
  var body: some View {
    Canvas { context, size in
      let rect = CGRect(origin: .zero, size: size)
      context.fill(
        Path(rect),
        with: .linearGradient(
          Gradient(colors: [.red, .blue]),
          startPoint: CGPoint(x: 0, y: 0),
          endPoint: CGPoint(x: size.width, y: 0)))
    }
  }
}

/// A second hand turned by `rotate(by:)` from the date; follows "TimelineView" and "rotate(by:)".
struct SecondHandClock: View {
  var body: some View {
    TimelineView(.animation) { timeline in
      Canvas { context, size in
        let seconds = timeline.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
        context.translateBy(x: size.width / 2, y: size.height / 2)
        context.rotate(by: .degrees(seconds.rounded(.down) * 6))
        context.fill(
          Path(CGRect(x: -2, y: -80, width: 4, height: 80)),
          with: .color(.red))
      }
    }
  }
}

/// One square drawn sharp, then one blurred by `addFilter`; follows "GraphicsContext.Filter".
struct BlurredSquareCanvas: View {
  var body: some View {
    Canvas { context, size in
      context.fill(Path(CGRect(x: 40, y: 80, width: 80, height: 80)), with: .color(.blue))
      context.addFilter(.blur(radius: 12))
      context.fill(Path(CGRect(x: 200, y: 80, width: 80, height: 80)), with: .color(.blue))
    }
  }
}

/// A square casting a shadow down and right; follows "shadow(color:radius:x:y:blendMode:options:)".
struct ShadowCanvas: View {
  var body: some View {
    Canvas { context, size in
      context.addFilter(.shadow(color: .black, radius: 2, x: 30, y: 30))
      context.fill(Path(CGRect(x: 100, y: 60, width: 80, height: 80)), with: .color(.red))
    }
  }
}

/// A green fill shown through a circle; follows "clipToLayer(opacity:options:content:)".
struct ClipToLayerCanvas: View {
  var body: some View {
    Canvas { context, size in
      context.clipToLayer { layer in
        layer.fill(
          Path(ellipseIn: CGRect(x: size.width / 2 - 60, y: size.height / 2 - 60, width: 120, height: 120)),
          with: .color(.black))
      }
      context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.green))
    }
  }
}

/// A symbol resolved once and drawn three times; follows "Canvas" (symbols) and "resolveSymbol(id:)".
struct SymbolCanvas: View {
  var body: some View {
    Canvas { context, size in
      if let dot = context.resolveSymbol(id: 0) {
        for i in 0..<3 {
          context.draw(dot, at: CGPoint(x: 60 + CGFloat(i) * 100, y: size.height / 2))
        }
      }
    } symbols: {
      Circle()
        .fill(.red)
        .frame(width: 40, height: 40)
        .tag(0)
    }
  }
}

/// Yellow and cyan rectangles overlapping under `.multiply`; follows "GraphicsContext.blendMode".
struct MultiplyCanvas: View {
  var body: some View {
    Canvas { context, size in
      context.fill(
        Path(CGRect(x: 40, y: 60, width: 140, height: 120)),
        with: .color(Color(red: 1, green: 1, blue: 0)))
      context.blendMode = .multiply
      context.fill(
        Path(CGRect(x: 140, y: 60, width: 140, height: 120)),
        with: .color(Color(red: 0, green: 1, blue: 1)))
    }
  }
}

/// A progress ring trimmed to 70 %; follows "trim(from:to:)".
struct ProgressRing: View {
  var progress: CGFloat = 0.7

  var body: some View {
    Circle()
      .trim(from: 0, to: progress)
      .stroke(.red, lineWidth: 20)
      .frame(width: 160, height: 160)
  }
}

/// Overlapping circles faded one by one, then as one group; follows "drawingGroup(opaque:colorMode:)".
struct GroupOpacity: View {
  var body: some View {
    HStack(spacing: 0) {
      pair
        .opacity(0.5)
      pair
        .drawingGroup()
        .opacity(0.5)
    }
  }

  var pair: some View {
    ZStack {
      Circle().fill(.red).frame(width: 80, height: 80).offset(x: -20)
      Circle().fill(.blue).frame(width: 80, height: 80).offset(x: 20)
    }
    .frame(width: 160, height: 240)
  }
}

/// A badge whose card and dot fade together as one layer; follows "compositingGroup()".
struct FadedBadge: View {
  var body: some View {
    ZStack {
      RoundedRectangle(cornerRadius: 16)
        .fill(.blue)
        .frame(width: 200, height: 100)
      Circle()
        .fill(.red)
        .frame(width: 60, height: 60)
    }
    .compositingGroup()
    .opacity(0.5)
  }
}

extension DrawingAndMotionCorpus {
  @Suite(.serialized) struct Drawing {
    @Test func fillAndStroke() throws {
      let p = try Corpus.render(FillAndStrokeCanvas())
      // The rectangle is filled red, edge to edge.
      #expect(p.isNear(70, 120, [255, 59, 48]))
      #expect(p.isNear(25, 65, [255, 59, 48]))
      #expect(p.isNear(15, 120, [255, 255, 255]))
      // The circle (centre 240, 120, radius 60) is only stroked: blue on the ring, white inside.
      #expect(Is.blue(p.rgb(240 + 60, 120)))
      #expect(Is.blue(p.rgb(240, 120 - 60)))
      #expect(Is.blue(p.rgb(240 - 60, 120)))
      #expect(p.isNear(240, 120, [255, 255, 255]))
      #expect(p.isNear(240 + 70, 120, [255, 255, 255]))
    }

    @Test func gradientGoesFromRedToBlue() throws {
      let p = try Corpus.render(GradientCanvas())
      #expect(p.isNear(1, 120, [255, 59, 48], tolerance: 8))
      #expect(p.isNear(318, 120, [0, 122, 255], tolerance: 8))
      // Half-way, half of each.
      #expect(p.isNear(160, 120, [128, 91, 152], tolerance: 10))
      // Red falls and blue rises monotonically along a row.
      let reds = stride(from: 0, to: 320, by: 40).map { p.rgb($0, 60)[0] }
      let blues = stride(from: 0, to: 320, by: 40).map { p.rgb($0, 60)[2] }
      #expect(reds == reds.sorted(by: >))
      #expect(blues == blues.sorted())
    }

    @Test func secondHandPointsAtThreeOClock() throws {
      // The start is at 30 seconds past a minute: 45 seconds later the hand is at 15 seconds.
      let p = try Corpus.render(SecondHandClock(), at: 45)
      let (cx, cy) = (160, 120)
      #expect(Is.red(p.rgb(cx + 60, cy)))
      #expect(Is.red(p.rgb(cx + 20, cy)))
      #expect(!Is.red(p.rgb(cx, cy - 60)))
      #expect(!Is.red(p.rgb(cx, cy + 60)))
      #expect(!Is.red(p.rgb(cx - 60, cy)))
      let c = try #require(p.centroid(where: Is.red))
      #expect(abs(c.x - Double(cx + 40)) < 2)
      #expect(abs(c.y - Double(cy)) < 2)
      // At the start it points at 6 o'clock.
      let start = try Corpus.render(SecondHandClock(), at: 0)
      let s = try #require(start.centroid(where: Is.red))
      #expect(abs(s.x - Double(cx)) < 2)
      #expect(abs(s.y - Double(cy + 40)) < 2)
    }

    @Test func blurSpreadsTheSquare() throws {
      let p = try Corpus.render(BlurredSquareCanvas())
      // The sharp square stops at its edge; the blurred one spills 6 points past it.
      #expect(p.isNear(40 + 40, 120, [0, 122, 255]))
      #expect(p.isNear(40 - 6, 120, [255, 255, 255], tolerance: 2))
      #expect(p.rgb(200 - 6, 120)[0] < 230)
      #expect(p.rgb(200 + 80 + 6, 120)[0] < 230)
      // Its edge is half-way (a Gaussian's middle) and its centre still nearly blue.
      #expect(abs(p.rgb(200, 120)[0] - 128) < 20)
      #expect(p.rgb(240, 120)[0] < 40)
      // Any tint at all covers the sharp square's 80 × 80, but about 105 × 105 blurred: a tint
      // of 2 % lies about two standard deviations (12 points) out.
      let tinted = { (c: [Int]) in c[0] < 250 }
      let sharp = p.count(x: 0..<160, where: tinted)
      let blurred = p.count(x: 160..<320, where: tinted)
      #expect(abs(sharp - 6400) < 200)
      #expect(abs(blurred - 105 * 105) < 800)
    }

    @Test func shadowFallsDownAndRight() throws {
      let p = try Corpus.render(ShadowCanvas())
      #expect(p.isNear(140, 100, [255, 59, 48]))
      // The shadow is black where it leaves the square (offset 30, 30) and absent up and left.
      #expect(Is.dark(p.rgb(180 + 15, 140 + 15)))
      #expect(Is.dark(p.rgb(140, 140 + 15)))
      #expect(p.isNear(100 - 10, 60 - 10, [255, 255, 255], tolerance: 2))
      #expect(p.isNear(100 + 15, 60 - 10, [255, 255, 255], tolerance: 2))
      let c = try #require(p.centroid(where: Is.dark))
      #expect(c.x > 170 && c.y > 130)
    }

    @Test func clipToLayerShowsOnlyTheCircle() throws {
      let p = try Corpus.render(ClipToLayerCanvas())
      #expect(Is.green(p.rgb(160, 120)))
      #expect(Is.green(p.rgb(160 + 50, 120)))
      #expect(p.isNear(160 + 50, 120 - 50, [255, 255, 255]))
      #expect(p.isNear(5, 5, [255, 255, 255]))
      // A circle of radius 60: π · 60² pixels of green.
      let green = Double(p.count(where: Is.green))
      #expect(abs(green - Double.pi * 3600) < 400)
    }

    @Test func symbolIsDrawnThreeTimes() throws {
      let p = try Corpus.render(SymbolCanvas())
      for x in [60, 160, 260] {
        #expect(p.isNear(x, 120, [255, 59, 48]))
        #expect(p.isNear(x, 120 + 30, [255, 255, 255]))
      }
      #expect(p.isNear(110, 120, [255, 255, 255]))
      #expect(p.isNear(210, 120, [255, 255, 255]))
      // Three discs of radius 20.
      let red = Double(p.count(where: Is.red))
      #expect(abs(red - 3 * Double.pi * 400) < 200)
    }

    @Test func multiplyMakesGreenWhereTheyOverlap() throws {
      let p = try Corpus.render(MultiplyCanvas())
      #expect(p.isNear(90, 120, [255, 255, 0], tolerance: 4))
      #expect(p.isNear(230, 120, [0, 255, 255], tolerance: 4))
      // Yellow × cyan = green.
      #expect(p.isNear(160, 120, [0, 255, 0], tolerance: 4))
      // Over white, multiply leaves cyan as it is.
      #expect(p.isNear(275, 65, [0, 255, 255], tolerance: 4))
    }

    @Test func ringCoversSeventyPercent() throws {
      let p = try Corpus.render(ProgressRing())
      // The stroke is centred on the circle of radius 80 around (160, 120); it starts at
      // 3 o'clock and runs clockwise (y grows downward).
      var covered = 0
      for degree in 0..<360 {
        let a = Double(degree) * Double.pi / 180
        let x = Int((160 + 80 * cos(a)).rounded())
        let y = Int((120 + 80 * sin(a)).rounded())
        if Is.red(p.rgb(x, y)) { covered += 1 }
      }
      #expect(abs(covered - 252) <= 3)
      // 6 and 9 o'clock are covered, 12 o'clock and half past one are not.
      #expect(Is.red(p.rgb(160, 120 + 80)))
      #expect(Is.red(p.rgb(160 - 80, 120)))
      #expect(p.isNear(160, 120 - 80, [255, 255, 255]))
      #expect(p.isNear(160 + 57, 120 - 57, [255, 255, 255]))
      // The ring is 20 wide: red from radius 71 to 89 at 6 o'clock, white inside and out.
      #expect(Is.red(p.rgb(160, 120 + 71)) && Is.red(p.rgb(160, 120 + 89)))
      #expect(p.isNear(160, 120 + 67, [255, 255, 255]) && p.isNear(160, 120 + 93, [255, 255, 255]))
      // The trimmed end is at 252°: 4° before it is red, 4° after it is not.
      let before = Double(248) * Double.pi / 180
      let after = Double(256) * Double.pi / 180
      #expect(Is.red(p.rgb(Int(160 + 80 * cos(before)), Int(120 + 80 * sin(before)))))
      #expect(!Is.red(p.rgb(Int(160 + 80 * cos(after)), Int(120 + 80 * sin(after)))))
    }

    @Test func drawingGroupFadesThePairAsOnePicture() throws {
      let p = try Corpus.render(GroupOpacity())
      // The overlaps are at x = 80 and 240. Faded one by one, the red shows through the blue:
      // half blue over (half red over white).
      let loose = p.rgb(80, 120)
      #expect(abs(loose[0] - 128) < 12 && abs(loose[1] - 140) < 12 && abs(loose[2] - 204) < 12)
      // Grouped, the overlap is the blue alone at half: half blue over white.
      #expect(p.isNear(240, 120, [128, 189, 255], tolerance: 8))
      // Red alone fades the same in both.
      #expect(p.isNear(40, 120, [255, 157, 152], tolerance: 8))
      #expect(p.isNear(200, 120, [255, 157, 152], tolerance: 8))
    }

    @Test func compositingGroupFadesTheBadgeAsOneLayer() throws {
      let p = try Corpus.render(FadedBadge())
      // The dot hides the card inside the group, so it fades to half red over white (not over
      // half blue), and the card to half blue.
      #expect(p.isNear(160, 120, [255, 157, 152], tolerance: 8))
      #expect(p.isNear(80, 120, [128, 189, 255], tolerance: 8))
      #expect(p.isNear(160, 60, [255, 255, 255], tolerance: 2))
    }
  }
}
