import Testing
import TimelinePlayground

/// The views, layout, text, state and controls corpus. Its tests are in extensions (this file's
/// and StateAndControlsCorpus.swift's) and run one at a time: the harness shows one example.
@Suite(.serialized) struct ViewsAndStateCorpus {}

/// Progress bars sized as fractions of the container, after Apple's `GeometryReader` page.
struct ProgressBars: View {
  let values: [Double] = [0.25, 0.5, 1.0]

  var body: some View {
    GeometryReader { proxy in
      VStack(alignment: .leading, spacing: 10) {
        ForEach(values, id: \.self) { value in
          Rectangle()
            .fill(.blue)
            .frame(width: proxy.size.width * value, height: 20)
        }
      }
    }
    .padding(20)
  }
}

/// A toolbar pushed apart by spacers, after Apple's `Spacer` and `HStack` pages.
struct SpacedToolbar: View {
  var body: some View {
    HStack {
      Rectangle().fill(.red).frame(width: 40, height: 40)
      Spacer()
      Rectangle().fill(.green).frame(width: 40, height: 40)
      Spacer()
      Rectangle().fill(.blue).frame(width: 40, height: 40)
    }
    .padding()
  }
}

/// Bars of a chart standing on a common baseline, after Apple's `HStack` page
/// (`init(alignment:spacing:content:)`).
struct BarChart: View {
  let heights: [CGFloat] = [60, 160, 100, 40]

  var body: some View {
    HStack(alignment: .bottom, spacing: 12) {
      ForEach(heights, id: \.self) { height in
        Rectangle()
          .fill(.teal)
          .frame(width: 30, height: height)
      }
    }
  }
}

/// Rows of different widths lined up on their trailing edges, the last pushed down by a
/// spacer, after Apple's `VStack` page (`init(alignment:spacing:content:)`).
struct TrailingColumn: View {
  var body: some View {
    VStack(alignment: .trailing, spacing: 0) {
      Color.orange.frame(width: 200, height: 30)
      Color.purple.frame(width: 80, height: 30)
      Spacer()
      Color.teal.frame(width: 140, height: 30)
    }
    .frame(height: 200)
  }
}

/// A card with a badge in its corner and a tag on top, after Apple's `ZStack`,
/// `overlay(alignment:content:)` and `background(alignment:content:)` pages.
struct BadgedCard: View {
  var body: some View {
    ZStack(alignment: .bottomTrailing) {
      Rectangle()
        .fill(.blue)
        .frame(width: 200, height: 140)
      Circle()
        .fill(.red)
        .frame(width: 40, height: 40)
    }
    .overlay(alignment: .topLeading) {
      Rectangle()
        .fill(.yellow)
        .frame(width: 30, height: 30)
    }
    .padding(10)
    .background(Color.green)
  }
}

/// A photo grid with as many columns as fit, after Apple's `LazyVGrid` page and
/// `GridItem.Size.adaptive(minimum:maximum:)`.
struct AdaptiveGrid: View {
  let columns = [GridItem(.adaptive(minimum: 60))]

  var body: some View {
    LazyVGrid(columns: columns, spacing: 10) {
      ForEach(0..<12) { _ in
        RoundedRectangle(cornerRadius: 6)
          .fill(.blue)
          .frame(height: 40)
      }
    }
    .padding()
  }
}

/// A three-column palette of flexible columns, after Apple's `LazyVGrid` page and
/// `GridItem.Size.flexible(minimum:maximum:)`.
struct PaletteGrid: View {
  let colors: [Color] = [.red, .green, .blue, .orange, .purple, .teal]
  let columns = Array(repeating: GridItem(.flexible()), count: 3)

  var body: some View {
    LazyVGrid(columns: columns) {
      ForEach(colors.indices, id: \.self) { index in
        colors[index].frame(height: 50)
      }
    }
    .padding()
  }
}

/// A tab shape with two rounded corners and a capsule outline, after Apple's
/// `UnevenRoundedRectangle` and `Shape.stroke(_:lineWidth:)` pages.
struct ShapesGallery: View {
  var body: some View {
    VStack(spacing: 20) {
      UnevenRoundedRectangle(
        topLeadingRadius: 40, bottomLeadingRadius: 0, bottomTrailingRadius: 40, topTrailingRadius: 0
      )
      .fill(.indigo)
      .frame(width: 200, height: 100)
      Capsule()
        .stroke(.orange, lineWidth: 8)
        .frame(width: 200, height: 60)
    }
  }
}

/// A color wheel, after Apple's `AngularGradient` page.
struct ColorWheel: View {
  var body: some View {
    Circle()
      .fill(
        AngularGradient(gradient: Gradient(colors: [.red, .green, .blue, .red]), center: .center)
      )
      .frame(width: 200, height: 200)
  }
}

/// A sun glowing from its centre, after Apple's `RadialGradient` page.
struct GlowingSun: View {
  var body: some View {
    Circle()
      .fill(
        RadialGradient(colors: [.yellow, .orange, .red], center: .center, startRadius: 0, endRadius: 100)
      )
      .frame(width: 200, height: 200)
  }
}

/// A card lifted by an offset drop shadow, after Apple's `shadow(color:radius:x:y:)` page.
struct ShadowCard: View {
  var body: some View {
    RoundedRectangle(cornerRadius: 8)
      .fill(.blue)
      .frame(width: 120, height: 80)
      .shadow(color: .black.opacity(0.5), radius: 6, x: 20, y: 20)
  }
}

/// A square softened by a Gaussian blur, after Apple's `blur(radius:opaque:)` page.
struct BlurredSquare: View {
  var body: some View {
    Rectangle()
      .fill(.black)
      .frame(width: 100, height: 100)
      .blur(radius: 10)
  }
}

/// A banner fading out to the right through a gradient mask, after Apple's
/// `mask(alignment:_:)` page.
struct FadingBanner: View {
  var body: some View {
    Rectangle()
      .fill(.blue)
      .frame(width: 240, height: 100)
      .mask {
        LinearGradient(colors: [.black, .clear], startPoint: .leading, endPoint: .trailing)
      }
  }
}

/// A two-tone avatar cut to a circle, after Apple's `clipShape(_:style:)` page.
struct CircleAvatar: View {
  var body: some View {
    HStack(spacing: 0) {
      Color.red
      Color.blue
    }
    .frame(width: 120, height: 120)
    .clipShape(Circle())
  }
}

/// A meeting's start time, after Apple's `Text` page (`init(_:style:)` with `.time`).
struct MeetingRow: View {
  let start: Date

  var body: some View {
    HStack {
      Text("Stand-up")
      Spacer()
      Text(start, style: .time)
        .foregroundStyle(.secondary)
    }
    .padding()
  }
}

/// A download's progress as a percentage, after Apple's `Text` page (`init(_:format:)`).
struct DownloadProgress: View {
  let progress: Double

  var body: some View {
    Text(progress, format: .percent)
      .font(.title)
      .bold()
  }
}

/// A favourite heart, after Apple's `Image` page (`init(systemName:)`) and
/// `foregroundStyle(_:)`.
struct FavoriteHeart: View {
  var body: some View {
    Image(systemName: "heart.fill")
      .resizable()
      .scaledToFit()
      .frame(width: 120, height: 120)
      .foregroundStyle(.red)
  }
}

extension ViewsAndStateCorpus {
  @Test func geometryReaderSizesBarsAsFractionsOfItsWidth() throws {
    let p = try Corpus.render(ProgressBars())
    // The reader is 280 wide from x = 20; bars of 70, 140 and 280 at y 20, 50 and 80.
    #expect(runs(p, y: 30, where: Is.blue) == [20..<90])
    #expect(runs(p, y: 60, where: Is.blue) == [20..<160])
    #expect(runs(p, y: 90, where: Is.blue) == [20..<300])
    #expect(columnRuns(p, x: 40, where: Is.blue) == [20..<40, 50..<70, 80..<100])
  }

  @Test func spacersPushTheToolbarToTheEdges() throws {
    let p = try Corpus.render(SpacedToolbar())
    // 16 points of padding each side; the middle item halfway between the outer ones.
    #expect(runs(p, y: 120, where: Is.red) == [16..<56])
    #expect(runs(p, y: 120, where: Is.green) == [140..<180])
    #expect(runs(p, y: 120, where: Is.blue) == [264..<304])
  }

  @Test func bottomAlignedBarsShareABaseline() throws {
    let p = try Corpus.render(BarChart())
    let teal: ([Int]) -> Bool = { $0[0] < 90 && $0[1] > 150 && $0[2] > 170 }
    // 4 × 30 + 3 × 12 = 156 wide, from x = 82; the tallest (160) sets the row: y 40…200.
    #expect(runs(p, y: 195, where: teal) == [82..<112, 124..<154, 166..<196, 208..<238])
    #expect(columnRuns(p, x: 97, where: teal) == [140..<200])
    #expect(columnRuns(p, x: 139, where: teal) == [40..<200])
    #expect(columnRuns(p, x: 181, where: teal) == [100..<200])
    #expect(columnRuns(p, x: 223, where: teal) == [160..<200])
  }

  @Test func trailingAlignmentAndASpacerPlaceTheRows() throws {
    let p = try Corpus.render(TrailingColumn())
    let orange: ([Int]) -> Bool = { $0[0] > 230 && (120...180).contains($0[1]) && $0[2] < 40 }
    let purple: ([Int]) -> Bool = { (150...200).contains($0[0]) && $0[1] < 110 && $0[2] > 200 }
    let teal: ([Int]) -> Bool = { $0[0] < 90 && $0[1] > 150 && $0[2] > 170 }
    // The column is 200 × 200 in the middle: x 60…260, y 20…220.
    #expect(runs(p, y: 35, where: orange) == [60..<260])
    #expect(runs(p, y: 65, where: purple) == [180..<260])
    #expect(runs(p, y: 205, where: teal) == [120..<260])
    #expect(columnRuns(p, x: 250, where: teal) == [190..<220])
    #expect(p.isNear(250, 150, [255, 255, 255]))
  }

  @Test func zStackOverlayAndBackgroundAlign() throws {
    let p = try Corpus.render(BadgedCard())
    // The card: x 60…260, y 50…190; the badge in its bottom-trailing corner.
    // (A pixel's centre is half a point past its index.)
    let badge = try #require(p.centroid(where: Is.red))
    #expect(abs(badge.x + 0.5 - 240) < 0.5 && abs(badge.y + 0.5 - 170) < 0.5)
    let yellow: ([Int]) -> Bool = { $0[0] > 230 && $0[1] > 180 && $0[2] < 60 }
    #expect(runs(p, y: 60, where: yellow) == [60..<90])
    #expect(columnRuns(p, x: 70, where: yellow) == [50..<80])
    #expect(p.isNear(150, 120, [0, 122, 255]))
    // Ten points of green around it all.
    #expect(runs(p, y: 120, where: Is.green) == [50..<60, 260..<270])
    #expect(columnRuns(p, x: 150, where: Is.green) == [40..<50, 190..<200])
  }

  @Test func adaptiveColumnsFitAsManyAsTheMinimumAllows() throws {
    let p = try Corpus.render(AdaptiveGrid())
    // 288 points hold four columns of at least 60 with 8 between; 12 cells make three rows.
    let row = runs(p, y: 120, where: Is.blue)
    #expect(row.count == 4)
    #expect(row.allSatisfy { abs($0.count - 66) <= 1 })
    #expect(columnRuns(p, x: row[0].lowerBound + 30, where: Is.blue).count == 3)
  }

  @Test func flexibleColumnsShareTheWidth() throws {
    let p = try Corpus.render(PaletteGrid())
    let rows = columnRuns(p, x: 160, where: Is.ink)
    #expect(rows.count == 2)
    let first = try #require(rows.first)
    let second = try #require(rows.last)
    let top = runs(p, y: first.lowerBound + 25, where: Is.ink)
    // (288 − 2 × 8) / 3 = 90.7 points each, their edges anti-aliased.
    #expect(top.count == 3 && top.allSatisfy { (90...92).contains($0.count) })
    #expect(top.map(\.lowerBound) == [16, 114, 213] && top.last?.upperBound == 304)
    // Red, green, blue, then orange, purple, teal, in reading order.
    #expect(p.isNear(top[0].lowerBound + 45, first.lowerBound + 25, [255, 59, 48]))
    #expect(p.isNear(top[1].lowerBound + 45, first.lowerBound + 25, [52, 199, 89]))
    #expect(p.isNear(top[2].lowerBound + 45, first.lowerBound + 25, [0, 122, 255]))
    #expect(p.isNear(top[0].lowerBound + 45, second.lowerBound + 25, [255, 149, 0]))
    #expect(p.isNear(top[2].lowerBound + 45, second.lowerBound + 25, [48, 176, 199]))
  }

  @Test func unevenCornersAndACapsuleOutline() throws {
    let p = try Corpus.render(ShapesGallery())
    // 100 + 20 + 60 = 180 tall from y = 30: the tab at y 30…130, the capsule at y 150…210.
    let indigo: ([Int]) -> Bool = { (70...110).contains($0[0]) && (66...106).contains($0[1]) && $0[2] > 190 }
    #expect(!indigo(p.rgb(63, 33)) && indigo(p.rgb(63, 127)))
    #expect(indigo(p.rgb(257, 33)) && !indigo(p.rgb(257, 127)))
    #expect(runs(p, y: 80, where: indigo) == [60..<260])
    // The outline straddles the capsule's edge: 4 points outside, 4 inside; hollow within.
    let orange: ([Int]) -> Bool = { $0[0] > 230 && (110...190).contains($0[1]) && $0[2] < 60 }
    #expect(runs(p, y: 180, where: orange) == [56..<64, 256..<264])
    #expect(columnRuns(p, x: 160, where: orange) == [146..<154, 206..<214])
  }

  @Test func angularGradientTurnsClockwiseFromTheRight() throws {
    let p = try Corpus.render(ColorWheel())
    // At 70 points from the centre: red just below 3 o'clock, green at 120°, blue at 240°.
    func at(_ degrees: Double) -> [Int] {
      let a = degrees * .pi / 180
      return p.rgb(Int(160 + 70 * cos(a)), Int(120 + 70 * sin(a)))
    }
    #expect(Is.red(at(8)))
    #expect(zip(at(120), [52, 199, 89]).allSatisfy { abs($0 - $1) <= 16 })
    #expect(zip(at(240), [0, 122, 255]).allSatisfy { abs($0 - $1) <= 16 })
    #expect(p.isNear(20, 20, [255, 255, 255]))
  }

  @Test func radialGradientGlowsFromTheCentre() throws {
    let p = try Corpus.render(GlowingSun())
    #expect(p.isNear(160, 120, [255, 204, 0]))
    #expect(p.isNear(210, 120, [255, 149, 0]))
    #expect(p.isNear(160, 217, [255, 59, 48], tolerance: 16))
    #expect(p.isNear(160, 224, [255, 255, 255]))
  }

  @Test func shadowFallsDownAndToTheRight() throws {
    let p = try Corpus.render(ShadowCard())
    // The card covers x 100…220, y 80…160; its shadow the same, 20 points right and down.
    let shade: ([Int]) -> Bool = { c in c[0] == c[1] && c[1] == c[2] && c[0] < 230 }
    let c = try #require(p.centroid(where: shade))
    #expect(c.x > 180 && c.y > 145)
    #expect(p.isNear(230, 170, [128, 128, 128]))
    #expect(p.isNear(95, 75, [255, 255, 255], tolerance: 2))
    #expect(p.isNear(160, 120, [0, 122, 255]))
  }

  @Test func blurSpreadsTheEdgeAsAGaussian() throws {
    let p = try Corpus.render(BlurredSquare())
    // The square covers x 110…210; blurred with σ = 5 its edge is half grey.
    #expect(p.isNear(160, 120, [0, 0, 0]))
    #expect((100...155).contains(p.rgb(110, 120)[0]))
    #expect((190...240).contains(p.rgb(105, 120)[0]))
    #expect((15...70).contains(p.rgb(115, 120)[0]))
    #expect(p.isNear(90, 120, [255, 255, 255], tolerance: 3))
  }

  @Test func gradientMaskFadesTheBanner() throws {
    let p = try Corpus.render(FadingBanner())
    // The banner covers x 40…280: opaque blue at its start, half at the middle, gone at the end.
    #expect(p.isNear(42, 120, [0, 122, 255], tolerance: 8))
    #expect(p.isNear(160, 120, [128, 188, 255], tolerance: 8))
    #expect(p.isNear(278, 120, [255, 255, 255], tolerance: 8))
    let reds = stride(from: 45, to: 280, by: 20).map { p.rgb($0, 120)[0] }
    #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 < $1 })
    #expect(p.isNear(160, 65, [255, 255, 255]))
  }

  @Test func clipShapeCutsACircle() throws {
    let p = try Corpus.render(CircleAvatar())
    // A 120-point circle at the centre: π × 60² pixels, half red, half blue.
    let reds = p.count(where: Is.red)
    let blues = p.count(where: Is.blue)
    #expect(abs(Double(reds + blues) - Double.pi * 3600) < 200)
    #expect(abs(reds - blues) < 60)
    #expect(p.isNear(104, 64, [255, 255, 255]))
    #expect(p.isNear(216, 176, [255, 255, 255]))
    #expect(p.isNear(110, 120, [255, 59, 48]) && p.isNear(210, 120, [0, 122, 255]))
  }

  @Test func timeStyleShowsTheClockTime() throws {
    let start = Date(timeIntervalSince1970: 1_767_263_670)
    let parts = Calendar.current.dateComponents([.hour, .minute], from: start)
    let (hour, minute) = (parts.hour ?? 0, parts.minute ?? 0)
    let literal = "\(hour % 12 == 0 ? 12 : hour % 12):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
    let p = try Corpus.render(MeetingRow(start: start))
    let expected = try Corpus.render(
      HStack {
        Text("Stand-up")
        Spacer()
        Text(literal).foregroundStyle(.secondary)
      }
      .padding())
    #expect(p.count(x: 200..<320, where: Is.ink) > 40)
    #expect(samePixels(p, expected))
    let later = try Corpus.render(MeetingRow(start: start.addingTimeInterval(3600)))
    #expect(!samePixels(later, expected))
  }

  @Test func percentFormatShowsAPercentage() throws {
    let p = try Corpus.render(DownloadProgress(progress: 0.25))
    let expected = try Corpus.render(Text("25%").font(.title).bold())
    #expect(p.count(where: Is.dark) > 100)
    #expect(samePixels(p, expected))
    #expect(!samePixels(p, try Corpus.render(Text("26%").font(.title).bold())))
  }

  @Test func systemImageHeartIsRed() throws {
    let p = try Corpus.render(FavoriteHeart())
    #expect(p.isNear(160, 120, [255, 59, 48]))
    let c = try #require(p.centroid(where: Is.red))
    #expect(abs(c.x - 160) < 2 && abs(c.y - 120) < 8)
    // Between the two lobes, above the heart's notch, is white; the lobes are red.
    #expect(p.isNear(160, 68, [255, 255, 255]))
    #expect(Is.red(p.rgb(137, 80)) && Is.red(p.rgb(183, 80)))
    #expect(p.count(where: Is.red) > 5000)
  }
}

/// Reading the pictures: suite members, so that other corpus files may use the same names.
extension ViewsAndStateCorpus {
  /// Whether every pixel of `a` is the same as `b`'s.
  func samePixels(_ a: Picture, _ b: Picture) -> Bool {
    guard a.width == b.width, a.height == b.height else { return false }
    for y in 0..<a.height {
      for x in 0..<a.width where a.rgb(x, y) != b.rgb(x, y) { return false }
    }
    return true
  }

  /// The x of each run of pixels passing `test` along row `y`: where each run starts and ends.
  func runs(_ p: Picture, y: Int, where test: ([Int]) -> Bool) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start: Int?
    for x in 0...p.width {
      let hit = x < p.width && test(p.rgb(x, y))
      if hit, start == nil { start = x }
      if !hit, let s = start {
        result.append(s..<x)
        start = nil
      }
    }
    return result
  }

  /// The y of each run of pixels passing `test` down column `x`.
  func columnRuns(_ p: Picture, x: Int, where test: ([Int]) -> Bool) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start: Int?
    for y in 0...p.height {
      let hit = y < p.height && test(p.rgb(x, y))
      if hit, start == nil { start = y }
      if !hit, let s = start {
        result.append(s..<y)
        start = nil
      }
    }
    return result
  }
}
