import Foundation
import Testing

@testable import SceneGraph

let t0 = Date(timeIntervalSince1970: 1_767_263_670)

/// Renders a body once at a fixed time with the fixed-advance text engine.
func render<V: View>(
  _ size: Size = Size(width: 200, height: 100), time: Double = 0, runtime: SceneRuntime? = nil,
  @ViewBuilder _ body: () -> V
) -> FrameOutput {
  let rt = runtime ?? SceneRuntime(textEngine: FixedAdvanceTextEngine())
  return rt.frame(body, input: FrameInput(now: t0.addingTimeInterval(time), time: time, size: size))
}

@Suite struct LayoutTests {
  @Test func hstackPlacesFixedFramesWithSpacingCentered() {
    let out = render {
      HStack(spacing: 10) {
        Rectangle().fill(Color.red).frame(width: 20, height: 30)
        Rectangle().fill(Color.blue).frame(width: 40, height: 10)
      }
    }
    let shapes = out.items.filter { $0.kind == .shape }
    #expect(shapes.count == 2)
    // Total 70×30, centered in 200×100: starts at x 65, y 35.
    #expect(shapes[0].bounds == Rect(x: 65, y: 35, width: 20, height: 30))
    // Vertically centered in the 30-point row.
    #expect(shapes[1].bounds == Rect(x: 95, y: 45, width: 40, height: 10))
  }

  @Test func hstackBottomAlignment() {
    let out = render {
      HStack(alignment: .bottom, spacing: 0) {
        Rectangle().frame(width: 10, height: 40)
        Rectangle().frame(width: 10, height: 20)
      }
    }
    let s = out.items
    #expect(s[0].bounds.maxY == s[1].bounds.maxY)
  }

  @Test func vstackWithSpacerPushesToEdges() {
    let out = render {
      VStack(spacing: 0) {
        Rectangle().frame(width: 10, height: 10)
        Spacer()
        Rectangle().frame(width: 10, height: 10)
      }
    }
    #expect(out.items[0].bounds.minY == 0)
    #expect(out.items[1].bounds.maxY == 100)
  }

  @Test func flexibleShapesShareTheRemainingSpace() {
    let out = render(Size(width: 100, height: 10)) {
      HStack(spacing: 0) {
        Rectangle().frame(width: 40)
        Rectangle()
        Rectangle()
      }
    }
    #expect(out.items.map(\.bounds.width) == [40, 30, 30])
  }

  @Test func paddingAndBackgroundFollowTheContent() {
    let out = render {
      Rectangle().fill(Color.red).frame(width: 20, height: 20)
        .padding(5)
        .background { Rectangle().fill(Color.blue) }
    }
    // Background first (behind), sized to the padded content: 30×30.
    #expect(out.items[0].color == .blue)
    #expect(out.items[0].bounds.size == Size(width: 30, height: 30))
    #expect(out.items[1].bounds.size == Size(width: 20, height: 20))
    #expect(out.items[1].bounds.minX == out.items[0].bounds.minX + 5)
  }

  @Test func frameAlignmentPlacesChild() {
    let out = render {
      Rectangle().frame(width: 10, height: 10).frame(width: 100, height: 50, alignment: .topLeading)
    }
    #expect(out.items[0].bounds == Rect(x: 50, y: 25, width: 10, height: 10))
  }

  @Test func maxInfinityFrameTakesTheProposal() {
    let out = render {
      Rectangle().frame(width: 10, height: 10)
        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .bottomTrailing)
    }
    #expect(out.items[0].bounds == Rect(x: 190, y: 90, width: 10, height: 10))
  }

  @Test func textTakesItsMeasuredSize() {
    let out = render { Text("abcd").font(.system(size: 10)) }
    // Fixed-advance engine: 0.6 em per character, 1.2 em line.
    #expect(out.items[0].bounds.size == Size(width: 24, height: 12))
    #expect(out.items[0].text == "abcd")
  }

  @Test func offsetScaleAndRotationTransformDrawingNotLayout() {
    let out = render {
      HStack(spacing: 0) {
        Rectangle().frame(width: 10, height: 10).offset(x: 5, y: -5)
        Rectangle().frame(width: 10, height: 10).scaleEffect(2)
        Rectangle().frame(width: 10, height: 10).scaleEffect(x: 1, y: 3, anchor: .bottom)
        Rectangle().frame(width: 10, height: 10).rotationEffect(.degrees(45))
      }
    }
    let b = out.items.map(\.bounds)
    #expect(b[0] == Rect(x: 85, y: 40, width: 10, height: 10))
    #expect(abs(b[1].width - 20) < 1e-9 && abs(b[1].midX - 95) < 1e-9)
    #expect(abs(b[2].height - 30) < 1e-9 && abs(b[2].maxY - 55) < 1e-9)
    #expect(abs(b[3].width - 10 * 2.squareRoot()) < 0.2)
  }

  @Test func opacityMultipliesColors() {
    let out = render { Rectangle().fill(Color.red.opacity(0.5)).opacity(0.5) }
    #expect(abs(out.items[0].color!.opacity - 0.25) < 1e-9)
  }

  @Test func positionCentersAtAPoint() {
    let out = render { Rectangle().frame(width: 10, height: 10).position(x: 30, y: 20) }
    #expect(out.items[0].bounds == Rect(x: 25, y: 15, width: 10, height: 10))
  }

  @Test func hiDPIScalesToPixels() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = rt.frame(
      { Rectangle().fill(Color.red).frame(width: 10, height: 10) },
      input: FrameInput(now: t0, time: 0, size: Size(width: 100, height: 100), pixelScale: 2))
    #expect(out.items[0].bounds == Rect(x: 90, y: 90, width: 20, height: 20))
  }

  @Test func solidShapeLowersToOneMergedCommand() {
    let out = render {
      HStack {
        ForEach(0..<8, id: \.self) { _ in RoundedRectangle(cornerRadius: 2).fill(Color.blue).frame(width: 6, height: 30)
        }
      }
    }
    #expect(out.drawList.commands.count == 1)
    #expect(out.items.count == 8)
  }

  @Test func anImageDrawnSmallIsAreaFilteredToTheSizeDrawn() throws {
    var picture = ImageBuffer(width: 40, height: 20, smooth: false)
    // Alternate columns: sampled at a quarter it would be all black or all white; averaged,
    // every pixel is the middle grey.
    for y in 0..<20 { for x in 0..<40 { picture.pixels[y * 40 + x] = x % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF } }
    picture.opaque = true
    let small = render { Image(picture, key: "stripes").scaleEffect(0.25) }
    let shrunk = try #require(small.drawList.images.values.first)
    #expect(shrunk.width == 10 && shrunk.height == 5)
    #expect(shrunk.pixels.allSatisfy { $0 == 0xFF80_8080 })
    // At its own size, and enlarged, it is drawn as it is.
    let same = render { Image(picture, key: "stripes") }
    #expect(same.drawList.images.values.first?.width == 40)
    let big = render { Image(picture, key: "stripes").scaleEffect(2) }
    #expect(big.drawList.images.values.first?.width == 40)
    // A high-density display counts its pixels, not points: half size at 2× is its own size.
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let dense = rt.frame(
      { Image(picture, key: "stripes").scaleEffect(0.5) },
      input: FrameInput(now: t0, time: 0, size: Size(width: 200, height: 100), pixelScale: 2))
    #expect(dense.drawList.images.values.first?.width == 40)
  }

  @Test func shrunkImagesAreKeptWhileRecentlyDrawnThenDropped() {
    var picture = ImageBuffer(width: 40, height: 20, smooth: true)
    picture.pixels = Array(repeating: 0xFF20_4060, count: 800)
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    _ = render(runtime: rt) { Image(picture, key: "p").scaleEffect(0.25) }
    // The 10×5 copy is kept while the image is away (a GIF frame comes round again)…
    #expect(rt.cacheBytes == 10 * 5 * 4)
    for _ in 0..<SceneRuntime.scaledImageFrames { _ = render(runtime: rt) { Rectangle().fill(Color.red) } }
    #expect(rt.cacheBytes == 10 * 5 * 4)
    // …and dropped once it has not been drawn for longer than that.
    _ = render(runtime: rt) { Rectangle().fill(Color.red) }
    #expect(rt.cacheBytes == 0)
  }

  @Test func largeGradientRectangleBecomesOneImageQuad() {
    let out = render(Size(width: 800, height: 600)) {
      Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
    }
    #expect(out.drawList.commands.count == 1)
    #expect(out.drawList.indices.count == 6)
    #expect(out.drawList.images.count == 1)
  }

  @Test func gradientBackdropIsRenderedAtItsPixelSizeAndDithered() throws {
    let out = render(Size(width: 800, height: 600)) {
      Rectangle().fill(LinearGradient(colors: [.black, .white], startPoint: .top, endPoint: .bottom))
    }
    let image = try #require(out.drawList.images.values.first)
    // Drawn one texel per pixel, so a software renderer copies rows instead of stretching.
    #expect(image.width == 800 && image.height == 600)
    #expect(image.opaque)
    func gray(_ x: Int, _ y: Int) -> Int { Int(image.pixels[y * 800 + x] & 0xFF) }
    #expect(gray(0, 0) <= 1 && gray(0, 599) >= 254)
    // Mid-ramp, the 4×4 dither mixes neighbouring levels but averages to the true value.
    let row = 300
    let levels = (0..<16).map { gray($0, row) }
    let mean = Double((0..<4).flatMap { dy in (0..<4).map { gray($0, row + dy) } }.reduce(0, +)) / 16
    #expect(Set(levels).count >= 2)
    #expect(abs(mean - 127.5 * (Double(row) + 2) / 600 * 2) < 1.5)
  }

  @Test("with dithered ramps asked for, a vertical gradient backdrop is one ramp per stop pair and no image")
  func gradientBackdropAsDitheredRamps() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    rt.tessellation = DrawList.Tessellation(for: [.ditheredRamps, .opaqueInteriors])
    let stops = [Color(hex: 0x000000), Color(hex: 0x804020), Color(hex: 0xFFFFFF)]
    let out = render(Size(width: 800, height: 600), runtime: rt) {
      Rectangle().fill(LinearGradient(colors: stops, startPoint: .top, endPoint: .bottom))
    }
    let list = out.drawList
    #expect(list.images.isEmpty)
    #expect(list.primitives.map(\.shape) == [.ditheredRamp, .ditheredRamp])
    // Bands meet at the middle stop, on whole pixels at the rectangle's edges, in stop colors.
    let ys = Set(list.vertices.map(\.y))
    #expect(ys == [0, 300, 600])
    let colorAt: [Float: Set<RGBA8>] = Dictionary(grouping: list.vertices, by: \.y).mapValues { Set($0.map(\.color)) }
    #expect(colorAt[0] == [stops[0].rgba8])
    #expect(colorAt[300] == [stops[1].rgba8])
    #expect(colorAt[600] == [stops[2].rgba8])
  }

  @Test("a horizontal gradient backdrop stays an image even where ramps are asked for")
  func horizontalGradientStaysAnImage() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    rt.tessellation = DrawList.Tessellation(for: [.ditheredRamps, .opaqueInteriors])
    let out = render(Size(width: 800, height: 600), runtime: rt) {
      Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
    }
    #expect(out.drawList.images.count == 1)
    #expect(out.drawList.primitives.map(\.shape) == [.imageQuad])
  }
}
