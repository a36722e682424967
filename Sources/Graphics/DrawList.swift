import FoundationEssentials
import Glibc

/// One vertex of the draw list: 20 bytes, laid out for `SDL_RenderGeometryRaw`'s strided pointers.
///
/// Plain `Float` fields rather than `SIMD2` keep the stride at 20 bytes instead of 24.
public struct Vertex: Hashable, Sendable {
  public var x: Float
  public var y: Float
  public var color: RGBA8
  public var u: Float
  public var v: Float

  /// Creates a vertex.
  @inline(__always)
  public init(x: Float, y: Float, color: RGBA8, u: Float = 0, v: Float = 0) {
    (self.x, self.y, self.color, self.u, self.v) = (x, y, color, u, v)
  }
}

/// Which texture a draw command samples.
public enum TextureRef: Hashable, Sendable {
  /// Untextured, colored by vertex colors alone.
  case none
  /// The backend's glyph atlas (text and emoji).
  case atlas
  /// A pixel image owned by the draw list's `images` table (mesh gradients, pictures).
  case image(ImageID)
}

/// Identifies an `ImageBuffer` across frames so the backend can keep its texture.
public struct ImageID: Hashable, Sendable {
  public var raw: Int
  /// Creates an identifier.
  public init(_ raw: Int) { self.raw = raw }
}

/// A CPU-side RGBA image that the backend uploads to a texture when its `generation` changes.
public struct ImageBuffer: Sendable {
  public var width: Int
  public var height: Int
  /// Pixels in R, G, B, A byte order (`SDL_PIXELFORMAT_RGBA32`).
  public var pixels: [UInt32]
  /// Bumped whenever `pixels` changes; the backend re-uploads only then.
  public var generation: Int
  /// Whether scaling should filter linearly (smooth gradients) rather than pick nearest pixels.
  public var smooth: Bool
  /// Whether every pixel has full alpha; such images are copied without blending, which lets a
  /// software renderer stretch them straight into the target.
  public var opaque = false
  /// The rectangles that the last few `markChanged` calls rewrote, each with the generation it
  /// made, so that a copy a few generations behind re-converts only those (the glyph atlas
  /// gains one glyph at a time and is a megabyte or more).
  public private(set) var recentChanges: [PixelChange] = []

  /// One `markChanged`: the generation it made and the pixels it covered.
  public struct PixelChange: Sendable, Equatable {
    public var generation: Int
    public var rect: PixelRect
  }

  /// How many changes are remembered; a copy further behind is converted whole.
  static let changeLogLength = 32

  /// Records that the pixels in `rect` were rewritten: bumps `generation` and remembers where.
  public mutating func markChanged(_ rect: PixelRect) {
    generation &+= 1
    if recentChanges.count >= Self.changeLogLength { recentChanges.removeFirst() }
    recentChanges.append(PixelChange(generation: generation, rect: rect))
  }

  /// The pixels that changed after generation `since`, or nil when that is not known (a
  /// generation bumped without `markChanged`, or too far behind): then everything may have.
  public func changedRegion(since: Int) -> PixelRect? {
    let behind = generation &- since
    guard behind > 0, behind <= recentChanges.count else { return behind == 0 ? .empty : nil }
    let tail = recentChanges.suffix(behind)
    // Each of the generations in between must be one that was logged.
    guard tail.first?.generation == since &+ 1, tail.last?.generation == generation else { return nil }
    var region = PixelRect.empty
    for c in tail { region = region.union(c.rect) }
    return region
  }

  /// Creates a transparent image.
  public init(width: Int, height: Int, smooth: Bool = true) {
    self.width = max(1, width)
    self.height = max(1, height)
    self.pixels = Array(repeating: 0, count: self.width * self.height)
    self.generation = 0
    self.smooth = smooth
  }

  /// A copy shrunk to `width × height` by an area filter: each new pixel averages, in
  /// premultiplied alpha, every source pixel under it (whole pixels; each source pixel counts
  /// once). Bilinear sampling of a picture drawn much smaller than its pixels skips most of
  /// them and shimmers as it moves; this is what a mipmap or a box filter avoids. Transparent
  /// pixels of the copy are bled, for renderers that filter in straight alpha.
  ///
  /// Returns the image itself when the size is not smaller in both directions.
  public func areaDownscaled(width tw: Int, height th: Int) -> ImageBuffer {
    guard tw >= 1, th >= 1, tw <= width, th <= height, tw < width || th < height,
      pixels.count >= width * height
    else { return self }
    var out = ImageBuffer(width: tw, height: th, smooth: smooth)
    let (sw, sh) = (width, height)
    pixels.withUnsafeBufferPointer { src in
      out.pixels.withUnsafeMutableBufferPointer { dst in
        for y in 0..<th {
          let y0 = y * sh / th
          let y1 = max(y0 + 1, (y + 1) * sh / th)
          for x in 0..<tw {
            let x0 = x * sw / tw
            let x1 = max(x0 + 1, (x + 1) * sw / tw)
            var (r, g, b, a) = (0, 0, 0, 0)
            for yy in y0..<y1 {
              for xx in x0..<x1 {
                let p = src[yy * sw + xx]
                let pa = Int(p >> 24)
                r += Int(p & 0xFF) * pa
                g += Int((p >> 8) & 0xFF) * pa
                b += Int((p >> 16) & 0xFF) * pa
                a += pa
              }
            }
            guard a > 0 else { continue }
            // Straight color is Σ(c·α)/Σα; alpha is the mean, rounded.
            let n = (x1 - x0) * (y1 - y0)
            let ch = { (v: Int) -> UInt32 in UInt32(min(255, (v + a / 2) / a)) }
            dst[y * tw + x] = ch(r) | ch(g) << 8 | ch(b) << 16 | UInt32(min(255, (a + n / 2) / n)) << 24
          }
        }
      }
    }
    out.opaque = opaque
    if !opaque { out.bleedTransparentColors(x: 0, y: 0, width: tw, height: th) }
    return out
  }

  /// Gives each fully transparent pixel in `rect` the average color of its visible neighbours
  /// ("alpha bleeding"), keeping it transparent.
  ///
  /// Filtering mixes neighbouring texels in straight alpha, so transparent black ones pull a
  /// scaled picture's edge toward grey: an emoji drawn larger than its bitmap gets a dark rim.
  /// Bled, the edge mixes with its own colors instead.
  public mutating func bleedTransparentColors(x x0: Int, y y0: Int, width w: Int, height h: Int) {
    let x1 = min(width, x0 + w)
    let y1 = min(height, y0 + h)
    let (xs, ys) = (max(0, x0), max(0, y0))
    guard xs < x1, ys < y1 else { return }
    let stride = width
    pixels.withUnsafeMutableBufferPointer { px in
      for y in ys..<y1 {
        for x in xs..<x1 where px[y * stride + x] >> 24 == 0 {
          var (r, g, b, n) = (0, 0, 0, 0)
          for ny in max(ys, y - 1)...min(y1 - 1, y + 1) {
            for nx in max(xs, x - 1)...min(x1 - 1, x + 1) {
              let p = px[ny * stride + nx]
              // Only visible pixels are read, and only transparent ones written: one pass.
              guard p >> 24 != 0 else { continue }
              r += Int(p & 0xFF)
              g += Int((p >> 8) & 0xFF)
              b += Int((p >> 16) & 0xFF)
              n += 1
            }
          }
          if n > 0 { px[y * stride + x] = UInt32(r / n) | UInt32(g / n) << 8 | UInt32(b / n) << 16 }
        }
      }
    }
  }
}

/// One drawing call's worth of a draw list (a shape, a stroke, a glyph, an image), with what a
/// renderer needs to tell whether it changed since the previous frame.
public struct Primitive: Hashable, Sendable {
  /// The pixel bounds of its vertices, before clipping.
  public var bounds: Rect
  /// A hash of everything that decides its pixels: vertices, texture, clip and position in
  /// the list (so a change of stacking order counts as a change).
  public var key: UInt64
  /// The texture it samples; an image's generation is not part of `key`, so renderers
  /// combine it themselves.
  public var texture: TextureRef
  /// The command it belongs to, and its indices within the list.
  public var command: Int
  public var indexOffset: Int
  public var indexCount: Int
  /// What tessellation knows about its triangles.
  public var shape: PrimitiveShape = .triangles
  /// Whole pixels this primitive alone decides: every one is covered by its opaque interior
  /// (inside its clip), so whatever is drawn there before it cannot show. Recorded for large
  /// opaque convex fills when `DrawList.recordsOpaqueInteriors` is on; nil otherwise.
  public var opaqueInterior: PixelRect?
}

/// What tessellation knows about a primitive's triangles, so a renderer need not work it out
/// again from the vertices.
public enum PrimitiveShape: Hashable, Sendable {
  /// Any triangles.
  case triangles
  /// A textured quad from `addImageQuad`: four vertices (top-left, top-right, bottom-right,
  /// bottom-left) with one color, texture coordinates spanning a rectangle, and the
  /// triangles (0, 1, 2) and (0, 2, 3).
  case imageQuad
  /// An axis-aligned rectangle from `fillDitheredRamp`: vertices as an image quad's, the top
  /// two one color and the bottom two another. A renderer that can dithers it with a 4×4
  /// ordered pattern; drawn as plain triangles it is the same ramp with 8-bit bands.
  case ditheredRamp
}

/// A run of indices that share a clip rectangle and a texture: one `SDL_RenderGeometryRaw` call.
public struct DrawCommand: Hashable, Sendable {
  /// Pixels outside this rectangle are not touched; nil means the whole target.
  public var clip: Rect?
  public var texture: TextureRef
  public var indexOffset: Int
  public var indexCount: Int
}

/// An immediate-mode list of indexed, colored, optionally textured triangles, in pixel space.
///
/// Modeled on Dear ImGui's `ImDrawList`: convenience shapes lower to a path, the path to a
/// tessellator, and consecutive draws with the same clip and texture share one command.
/// Filled polygons are anti-aliased by a one-pixel fringe ring whose outer vertices have alpha 0.
public struct DrawList: Sendable {
  public private(set) var vertices: [Vertex] = []
  public private(set) var indices: [Int32] = []
  public private(set) var commands: [DrawCommand] = []
  /// The drawing calls in order, for damage tracking.
  public private(set) var primitives: [Primitive] = []
  private var primitiveStart: Int?
  /// Images referenced by `.image` commands this frame.
  public var images: [ImageID: ImageBuffer] = [:]
  /// Whether fills and strokes get an alpha fringe.
  public var antiAliased = true
  /// Width of the fringe in pixels.
  public var fringeWidth: Double = 1
  /// The largest distance, in pixels, between a circle and its polygon.
  public var circleMaxError: Double = 0.3
  private var clipStack: [Rect] = []
  /// The bounds of the target; shapes wholly outside are skipped early.
  public var targetBounds: Rect?

  /// Creates an empty draw list.
  public init() {}

  /// Empties the list while keeping its storage, so steady-state frames do not allocate.
  public mutating func reset() {
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
    commands.removeAll(keepingCapacity: true)
    primitives.removeAll(keepingCapacity: true)
    primitiveStart = nil
    images.removeAll(keepingCapacity: true)
    clipStack.removeAll(keepingCapacity: true)
  }

  /// The clip rectangle now in force.
  public var currentClip: Rect? { clipStack.last }

  /// Restricts the following draws to `rect` intersected with the current clip.
  public mutating func pushClip(_ rect: Rect) {
    let r = clipStack.last.map { $0.intersection(rect) } ?? rect
    clipStack.append(r)
  }

  /// Restores the clip in force before the matching `pushClip`.
  public mutating func popClip() {
    if !clipStack.isEmpty { clipStack.removeLast() }
  }

  /// Starts or extends the command for the given texture and returns the base vertex index.
  @inline(__always)
  private mutating func prepare(texture: TextureRef) -> Int32 {
    if primitiveStart == nil { primitiveStart = vertices.count }
    let clip = clipStack.last
    if let last = commands.last, last.texture == texture, last.clip == clip {
      // Same state: keep appending to the open command.
    } else if let last = commands.last, last.indexCount == 0 {
      commands[commands.count - 1] = DrawCommand(
        clip: clip, texture: texture, indexOffset: indices.count, indexCount: 0)
    } else {
      commands.append(
        DrawCommand(clip: clip, texture: texture, indexOffset: indices.count, indexCount: 0))
    }
    return Int32(vertices.count)
  }

  @inline(__always)
  private mutating func closeIndices(added: Int, shape: PrimitiveShape = .triangles) {
    commands[commands.count - 1].indexCount += added
    closePrimitive(indexCount: added, shape: shape)
  }

  /// Records the vertices added since the primitive opened as one primitive.
  private mutating func closePrimitive(indexCount: Int, shape: PrimitiveShape) {
    let start = primitiveStart ?? vertices.count
    primitiveStart = nil
    guard start < vertices.count, let cmd = commands.last else { return }
    var minX = Float.infinity
    var minY = Float.infinity
    var maxX = -Float.infinity
    var maxY = -Float.infinity
    // FNV-1a over the vertex bytes, eight at a time: cheap enough for every frame.
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x100_0000_01b3 }
    for i in start..<vertices.count {
      let v = vertices[i]
      minX = min(minX, v.x)
      maxX = max(maxX, v.x)
      minY = min(minY, v.y)
      maxY = max(maxY, v.y)
      mix(UInt64(v.x.bitPattern) | UInt64(v.y.bitPattern) << 32)
      mix(UInt64(v.u.bitPattern) | UInt64(v.v.bitPattern) << 32)
      mix(UInt64(v.color.r) | UInt64(v.color.g) << 8 | UInt64(v.color.b) << 16 | UInt64(v.color.a) << 24)
    }
    switch cmd.texture {
    case .none: mix(1)
    case .atlas: mix(2)
    case .image(let id): mix(3 ^ UInt64(bitPattern: Int64(id.raw)) << 2)
    }
    if let c = cmd.clip {
      mix(c.minX.bitPattern)
      mix(c.minY.bitPattern)
      mix(c.width.bitPattern)
      mix(c.height.bitPattern)
    }
    mix(UInt64(primitives.count))
    primitives.append(
      Primitive(
        bounds: Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX), height: Double(maxY - minY)),
        key: h, texture: cmd.texture, command: commands.count - 1, indexOffset: indices.count - indexCount,
        indexCount: indexCount, shape: shape))
  }

  /// Whether a shape with these pixel bounds can be seen at all.
  private func isVisible(_ bounds: Rect) -> Bool {
    var area = targetBounds
    if let clip = clipStack.last { area = area.map { $0.intersection(clip) } ?? clip }
    guard let area else { return true }
    let grown = bounds.insetBy(dx: -fringeWidth, dy: -fringeWidth)
    return grown.maxX > area.minX && grown.minX < area.maxX && grown.maxY > area.minY
      && grown.minY < area.maxY && !area.isEmpty
  }

  private static func bounds(of points: [Point]) -> Rect {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for p in points {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// Twice the signed area; positive for clockwise order on a y-down screen.
  public static func signedArea2(_ p: [Point]) -> Double {
    var s = 0.0
    var j = p.count - 1
    for i in 0..<p.count {
      s += p[j].x * p[i].y - p[i].x * p[j].y
      j = i
    }
    return s
  }

  /// Number of segments for a circle of `radius` pixels so that no chord strays more than
  /// `circleMaxError` from the arc; even, between 6 and 512.
  public func circleSegmentCount(radius: Double) -> Int {
    guard radius > 0, radius.isFinite else { return radius.isFinite ? 6 : 512 }
    let err = min(circleMaxError, radius)
    // A huge radius makes the angle 0 and the count infinite: clamp before converting.
    let exact = (Double.pi / acos(1 - err / radius)).rounded(.up)
    let clamped = exact.isFinite ? max(6, Int(min(512, exact))) : 512
    return clamped + (clamped & 1)
  }

  // MARK: Tessellators

  /// Fills a convex polygon in one solid color.
  ///
  /// Points may wind either way; they are put in clockwise (screen) order first. With
  /// anti-aliasing an n-gon gives 2n vertices and (n−2)·3 + 6n indices; without, n and (n−2)·3.
  public mutating func fillConvexPolygon(_ points: [Point], color: RGBA8) {
    guard color.a > 0 else { return }
    fillConvexPolygon(points, colors: nil, uniform: color)
  }

  /// Fills a convex polygon whose vertices carry their own colors (linear gradients are exact).
  public mutating func fillConvexPolygon(_ points: [Point], colors: [RGBA8]) {
    precondition(points.count == colors.count, "one color per point")
    fillConvexPolygon(points, colors: colors, uniform: colors.first ?? RGBA8(r: 0, g: 0, b: 0, a: 0))
  }

  /// Longest polygon edge, in pixels, before it is split for tessellation; unlimited by
  /// default (see `Tessellation`).
  public var maxEdgeLength: Double = .infinity

  /// How many pieces an edge is cut into: only diagonal edges are cut, because an
  /// axis-aligned edge's bounding box is already as thin as the edge.
  static func pieces(_ a: Point, _ b: Point, _ maxLength: Double) -> Int {
    let d = b - a
    guard min(abs(d.x), abs(d.y)) > 4, maxLength.isFinite, maxLength > 0 else { return 1 }
    // Non-finite vertices (hostile input) are left to the rasterizer's own checks.
    let n = (d.length / maxLength).rounded(.up)
    guard n.isFinite else { return 1 }
    return max(1, Int(min(n, 256)))
  }

  /// How convex fills are split into triangles.
  public enum Triangulation: Sendable, Hashable { case strip, fan }
  /// The fill triangulation; see `appendStrip`.
  public var triangulation = Triangulation.strip

  /// Whether large vertical gradient backdrops become dithered ramps (`fillDitheredRamp`)
  /// instead of window-sized dithered images; see `RendererCapabilities.ditheredRamps`.
  public var ditheredRamps = false

  /// Whether large opaque convex fills record the pixels they hide (`Primitive.opaqueInterior`),
  /// so a renderer that composites in order can skip drawing what they cover.
  public var recordsOpaqueInteriors = false

  /// How fills and strokes are cut into triangles, chosen for the rasterizer that will draw them
  /// (`init(for:)` derives it from the renderer's capabilities).
  public struct Tessellation: Hashable, Sendable {
    /// See `DrawList.maxEdgeLength`.
    public var maxEdgeLength: Double
    /// See `DrawList.triangulation`.
    public var triangulation: Triangulation
    /// See `DrawList.ditheredRamps`.
    public var ditheredRamps: Bool
    /// See `DrawList.recordsOpaqueInteriors`.
    public var opaqueInteriors: Bool

    /// Creates a tessellation.
    public init(
      maxEdgeLength: Double, triangulation: Triangulation, ditheredRamps: Bool = false, opaqueInteriors: Bool = false
    ) {
      self.maxEdgeLength = maxEdgeLength
      self.triangulation = triangulation
      self.ditheredRamps = ditheredRamps
      self.opaqueInteriors = opaqueInteriors
    }

    /// The default, for a renderer with no capabilities (`init(for: [])`): edges uncut, fills
    /// as a top-to-bottom strip.
    public static let standard = Tessellation(maxEdgeLength: .infinity, triangulation: .strip)
  }

  /// Both tessellation settings at once.
  public var tessellation: Tessellation {
    get {
      Tessellation(
        maxEdgeLength: maxEdgeLength, triangulation: triangulation, ditheredRamps: ditheredRamps,
        opaqueInteriors: recordsOpaqueInteriors)
    }
    set {
      maxEdgeLength = newValue.maxEdgeLength
      triangulation = newValue.triangulation
      ditheredRamps = newValue.ditheredRamps
      recordsOpaqueInteriors = newValue.opaqueInteriors
    }
  }

  /// The polygon with long diagonal edges cut (`maxEdgeLength`), and where each original
  /// corner landed; nil corners when nothing was cut (the usual case, kept free of allocation).
  private func subdivided(_ points: [Point], _ colors: [RGBA8]?) -> ([Point], [RGBA8]?, [Int]?) {
    guard maxEdgeLength.isFinite else { return (points, colors, nil) }
    var needs = false
    var j = points.count - 1
    for i in 0..<points.count {
      if Self.pieces(points[j], points[i], maxEdgeLength) > 1 {
        needs = true
        break
      }
      j = i
    }
    guard needs else { return (points, colors, nil) }
    var corners: [Int] = []
    var outP: [Point] = []
    var outC: [RGBA8]? = colors == nil ? nil : []
    outP.reserveCapacity(points.count * 2)
    for i in 0..<points.count {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      let pieces = Self.pieces(a, b, maxEdgeLength)
      corners.append(outP.count)
      for k in 0..<pieces {
        let t = Double(k) / Double(pieces)
        outP.append(Point.lerp(a, b, t))
        if let colors {
          let ca = colors[i]
          let cb = colors[(i + 1) % points.count]
          @inline(__always) func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded())
          }
          outC?.append(RGBA8(r: mix(ca.r, cb.r), g: mix(ca.g, cb.g), b: mix(ca.b, cb.b), a: mix(ca.a, cb.a)))
        }
      }
    }
    return (outP, outC, corners)
  }

  /// Appends one triangle's indices, without the temporary array a literal would make (a
  /// strip or fringe appends hundreds a frame).
  @inline(__always)
  private mutating func appendTriangle(_ a: Int32, _ b: Int32, _ c: Int32) {
    indices.append(a)
    indices.append(b)
    indices.append(c)
  }

  /// Triangulates a clockwise convex polygon as a zig-zag strip from top to bottom.
  ///
  /// Unlike a fan from one vertex, every triangle spans only the rows between neighbouring
  /// vertices, so the bounding boxes a rasterizer walks add up to about twice the area.
  /// Appends n−2 clockwise triangles; `stride` is 2 when inner and outer vertices interleave.
  /// `map` gives each point's vertex number; nil means the points are the vertices.
  private mutating func appendStrip(_ points: [Point], map: [Int]?, base: Int32, stride: Int32) {
    let n = points.count
    @inline(__always) func idx(_ i: Int) -> Int32 { base + Int32(map?[i] ?? i) * stride }
    if triangulation == .fan {
      for i in 2..<n { appendTriangle(idx(0), idx(i - 1), idx(i)) }
      return
    }
    var top = 0
    for i in 1..<n where points[i].y < points[top].y || (points[i].y == points[top].y && points[i].x < points[top].x) {
      top = i
    }
    var right = (top + 1) % n
    var left = (top + n - 1) % n
    appendTriangle(idx(left), idx(top), idx(right))
    var remaining = n - 3
    while remaining > 0 {
      let nextRight = (right + 1) % n
      let nextLeft = (left + n - 1) % n
      if points[nextRight].y <= points[nextLeft].y {
        appendTriangle(idx(left), idx(right), idx(nextRight))
        right = nextRight
      } else {
        appendTriangle(idx(left), idx(right), idx(nextLeft))
        left = nextLeft
      }
      remaining -= 1
    }
  }

  private mutating func fillConvexPolygon(_ input: [Point], colors inputColors: [RGBA8]?, uniform: RGBA8) {
    guard input.count >= 3 else { return }
    guard isVisible(Self.bounds(of: input)) else { return }
    var points = input
    var colors = inputColors
    let area = Self.signedArea2(points)
    if area == 0 { return }
    if area < 0 {
      points.reverse()
      colors?.reverse()
    }
    Self.dropFolds(&points, &colors)
    guard points.count >= 3 else { return }
    // The fill uses the polygon's own corners: split points on straight edges would add
    // exactly horizontal shared edges, which SDL's software rasterizer leaves gaps along.
    let cornerPoints = points
    let corners: [Int]?
    (points, colors, corners) = subdivided(points, colors)
    let n = points.count
    let base = prepare(texture: .none)
    @inline(__always) func col(_ i: Int) -> RGBA8 { colors?[i] ?? uniform }
    if !antiAliased {
      for i in 0..<n {
        vertices.append(Vertex(x: Float(points[i].x), y: Float(points[i].y), color: col(i)))
      }
      appendStrip(cornerPoints, map: corners, base: base, stride: 1)
      closeIndices(added: (cornerPoints.count - 2) * 3)
      return
    }
    // Edge normals, the one before each corner carried along; (dy, −dx) points outward for
    // clockwise-on-screen order.
    @inline(__always) func normal(_ a: Point, _ b: Point) -> Point {
      let d = b - a
      let len = d.length
      return len > 0 ? Point(x: d.y / len, y: -d.x / len) : .zero
    }
    let half = fringeWidth * 0.5
    var before = normal(points[n - 1], points[0])
    for i1 in 0..<n {
      let after = normal(points[i1], points[i1 + 1 < n ? i1 + 1 : 0])
      let dm = Self.miter(before, after) * half
      let p = points[i1]
      let c = col(i1)
      vertices.append(Vertex(x: Float(p.x - dm.x), y: Float(p.y - dm.y), color: c))
      vertices.append(Vertex(x: Float(p.x + dm.x), y: Float(p.y + dm.y), color: c.transparent))
      before = after
    }
    appendStrip(cornerPoints, map: corners, base: base, stride: 2)
    var i0 = n - 1
    for i1 in 0..<n {
      let in0 = base + Int32(i0 * 2)
      let in1 = base + Int32(i1 * 2)
      appendTriangle(in1, in0, in0 + 1)
      appendTriangle(in0 + 1, in1 + 1, in1)
      i0 = i1
    }
    closeIndices(added: (cornerPoints.count - 2) * 3 + n * 6)
    // Shapes too small to hide the 1,024 pixels worth a split (dots, knobs) skip the search.
    if recordsOpaqueInteriors, case let box = Self.bounds(of: cornerPoints), box.width * box.height >= 1024,
      abs(box.minX) < Self.drawableLimit, abs(box.maxX) < Self.drawableLimit,
      abs(box.minY) < Self.drawableLimit, abs(box.maxY) < Self.drawableLimit,
      (0..<n).allSatisfy({ col($0).a == 255 }),
      var inner = Self.inscribedRect(cornerPoints)
    {
      if let clip = clipStack.last { inner = inner.intersection(clip) }
      // Pixel centers at least a pixel inside the edge: past the fringe's inner ring (half a
      // pixel in), where only the interior's opaque triangles reach.
      let o = PixelRect(
        x0: Self.wholePixel((inner.minX + 0.5).rounded(.up)), y0: Self.wholePixel((inner.minY + 0.5).rounded(.up)),
        x1: Self.wholePixel((inner.maxX - 0.5).rounded(.down)), y1: Self.wholePixel((inner.maxY - 0.5).rounded(.down)))
      if (o.x1 - o.x0) * (o.y1 - o.y0) >= 1024, o.x1 > o.x0, o.y1 > o.y0 {
        primitives[primitives.count - 1].opaqueInterior = o
      }
    }
  }

  /// How far from the origin a shape may reach and still be drawn by the CPU rasterizer
  /// (`Rasterizer.limit`, less room for the fringe and for rounding to `Float`); only such
  /// shapes record an opaque interior.
  static let drawableLimit = Double(Rasterizer.limit) - 16

  /// `v` as an Int, clamped far outside any target (and 0 for NaN), so no input traps.
  static func wholePixel(_ v: Double) -> Int {
    v.isNaN ? 0 : Int(max(-1e9, min(1e9, v)))
  }

  /// A large axis-aligned rectangle inside a clockwise convex polygon, or nil.
  ///
  /// For a convex shape, the horizontal extent at any height between two heights contains the
  /// intersection of the extents at those two, so each pair of vertex heights gives a
  /// rectangle inside; of those at heights where the polygon is nearly its widest, the
  /// largest is kept. For a rounded rectangle that is the rectangle between its corners.
  static func inscribedRect(_ p: [Point]) -> Rect? {
    let n = p.count
    guard n >= 3, n <= 256 else { return nil }
    // The two chains from the top vertex to the bottom one, each monotone in y (convexity),
    // walked together over the vertex heights: O(n) instead of every edge at every height.
    // It runs for every large opaque fill each frame, so it works in scratch space on the stack.
    var top = 0
    var bottom = 0
    for i in 1..<n {
      if p[i].y < p[top].y { top = i }
      if p[i].y >= p[bottom].y { bottom = i }
    }
    let lengths = ((bottom - top + n) % n + 1, (top - bottom + n) % n + 1)
    // Scratch: the sorted heights, each chain's points (x, y), then the rows (y, lo, hi).
    let first = n
    let second = first + 2 * lengths.0
    let rowBase = second + 2 * lengths.1
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: rowBase + 3 * n) { scratch -> Rect? in
      var heights = UnsafeMutableBufferPointer(rebasing: scratch[0..<n])
      for i in 0..<n { heights[i] = p[i].y }
      heights.sort()
      // Chain 0 steps forwards from the top vertex, chain 1 backwards.
      var at = top
      for j in 0..<lengths.0 {
        (scratch[first + 2 * j], scratch[first + 2 * j + 1]) = (p[at].x, p[at].y)
        at = at + 1 < n ? at + 1 : 0
      }
      at = top
      for j in 0..<lengths.1 {
        (scratch[second + 2 * j], scratch[second + 2 * j + 1]) = (p[at].x, p[at].y)
        at = at > 0 ? at - 1 : n - 1
      }
      @inline(__always) func point(_ c: Int, _ j: Int) -> Point {
        let k = (c == 0 ? first : second) + 2 * j
        return Point(x: scratch[k], y: scratch[k + 1])
      }
      // Rows (y, lo, hi) at each distinct height the polygon has width at, in order.
      var rowCount = 0
      var cursors = (0, 0)
      var last = -Double.infinity
      for y in heights where y != last {
        last = y
        var lo = Double.infinity
        var hi = -Double.infinity
        for c in 0..<2 {
          let count = c == 0 ? lengths.0 : lengths.1
          var j = c == 0 ? cursors.0 : cursors.1
          while j + 1 < count, point(c, j + 1).y < y { j += 1 }
          if c == 0 { cursors.0 = j } else { cursors.1 = j }
          // Points at exactly this height (the ends of a horizontal edge), else the edge across it.
          var k = j
          while k < count, case let q = point(c, k), q.y <= y {
            if q.y == y {
              lo = min(lo, q.x)
              hi = max(hi, q.x)
            }
            k += 1
          }
          if j + 1 < count, case let a = point(c, j), case let b = point(c, j + 1), a.y < y, b.y > y {
            let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
            lo = min(lo, x)
            hi = max(hi, x)
          }
        }
        if lo < hi {
          (scratch[rowBase + 3 * rowCount], scratch[rowBase + 3 * rowCount + 1]) = (y, lo)
          scratch[rowBase + 3 * rowCount + 2] = hi
          rowCount += 1
        }
      }
      @inline(__always) func row(_ i: Int) -> (y: Double, lo: Double, hi: Double) {
        (scratch[rowBase + 3 * i], scratch[rowBase + 3 * i + 1], scratch[rowBase + 3 * i + 2])
      }
      var widest = -Double.infinity
      for i in 0..<rowCount { widest = max(widest, row(i).hi - row(i).lo) }
      guard rowCount > 0, widest.isFinite, widest > 0 else { return nil }
      var best: Rect?
      for fraction in [0.98, 0.9, 0.7] {
        // The first and last rows at least this wide.
        var firstWide = -1
        var lastWide = -1
        for i in 0..<rowCount where row(i).hi - row(i).lo >= widest * fraction {
          if firstWide < 0 { firstWide = i }
          lastWide = i
        }
        guard firstWide >= 0, case let top = row(firstWide), case let bottom = row(lastWide), bottom.y > top.y
        else { continue }
        let r = Rect(
          x: max(top.lo, bottom.lo), y: top.y, width: min(top.hi, bottom.hi) - max(top.lo, bottom.lo),
          height: bottom.y - top.y)
        if r.width > 0, r.width * r.height > (best.map { $0.width * $0.height } ?? 0) { best = r }
      }
      return best
    }
  }

  /// Removes points that make a clockwise polygon turn back on itself: near-duplicates (where
  /// two arcs of a flattened path meet) and the slightly reflex corners rounding leaves.
  ///
  /// Such a point folds the inset ring of the anti-aliasing fringe over itself, and the fold
  /// blends its pixels two or three times: a bright sliver on any renderer with subpixel precision.
  static func dropFolds(_ points: inout [Point], _ colors: inout [RGBA8]?) {
    var i = 0
    var checked = 0
    while points.count >= 3, checked < points.count {
      let n = points.count
      let prev = points[(i + n - 1) % n]
      let p = points[i]
      let next = points[(i + 1) % n]
      let d = p - prev
      // Clockwise on screen (y down) means every corner turns with a positive cross product.
      let turn = d.x * (next.y - p.y) - d.y * (next.x - p.x)
      if d.x * d.x + d.y * d.y < 0.01 || turn < -1e-9 * max(1, d.length * (next - p).length) {
        points.remove(at: i)
        colors?.remove(at: i)
        if i >= points.count { i = 0 }
        checked = 0
      } else {
        i = (i + 1) % n
        checked += 1
      }
    }
  }

  /// The averaged normal at a corner, lengthened so the offset edges stay parallel; capped
  /// so very sharp corners do not shoot spikes.
  @inline(__always)
  private static func miter(_ a: Point, _ b: Point) -> Point {
    var dm = Point(x: (a.x + b.x) * 0.5, y: (a.y + b.y) * 0.5)
    let d2 = dm.x * dm.x + dm.y * dm.y
    if d2 > 1e-6 {
      let inv = min(1 / d2, 100)
      dm = dm * inv
    }
    return dm
  }

  /// Fills a simple (possibly concave) polygon by ear clipping, then outlines it with a
  /// one-pixel fringe so its edges match convex fills.
  public mutating func fillPolygon(_ input: [Point], color: RGBA8) {
    guard input.count >= 3, color.a > 0 else { return }
    if Self.isConvex(input) {
      fillConvexPolygon(input, color: color)
      return
    }
    guard isVisible(Self.bounds(of: input)) else { return }
    var points = input
    if Self.signedArea2(points) < 0 { points.reverse() }
    let base = prepare(texture: .none)
    for p in points { vertices.append(Vertex(x: Float(p.x), y: Float(p.y), color: color)) }
    var remaining = Array(0..<points.count)
    var added = 0
    var guardCount = 0
    while remaining.count > 3 && guardCount < points.count * points.count {
      guardCount += 1
      var clipped = false
      for k in 0..<remaining.count {
        let ia = remaining[(k + remaining.count - 1) % remaining.count]
        let ib = remaining[k]
        let ic = remaining[(k + 1) % remaining.count]
        let a = points[ia]
        let b = points[ib]
        let c = points[ic]
        if Self.cross(a, b, c) <= 0 { continue }
        var inside = false
        for j in remaining where j != ia && j != ib && j != ic {
          if Self.pointInTriangle(points[j], a, b, c) {
            inside = true
            break
          }
        }
        if inside { continue }
        appendTriangle(base + Int32(ia), base + Int32(ib), base + Int32(ic))
        added += 3
        remaining.remove(at: k)
        clipped = true
        break
      }
      if !clipped { break }
    }
    if remaining.count == 3 {
      indices.append(contentsOf: remaining.map { base + Int32($0) })
      added += 3
    }
    closeIndices(added: added)
    if antiAliased { strokePolyline(points, closed: true, color: color.fading(0.5), thickness: 1) }
  }

  @inline(__always)
  private static func cross(_ a: Point, _ b: Point, _ c: Point) -> Double {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
  }

  private static func pointInTriangle(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> Bool {
    cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0
  }

  /// Whether the polygon turns the same way at every corner.
  public static func isConvex(_ p: [Point]) -> Bool {
    guard p.count > 3 else { return true }
    var sign = 0.0
    for i in 0..<p.count {
      let c = cross(p[i], p[(i + 1) % p.count], p[(i + 2) % p.count])
      if c == 0 { continue }
      if sign == 0 {
        sign = c
      } else if (c > 0) != (sign > 0) {
        return false
      }
    }
    return true
  }

  /// Strokes a polyline of the given pixel thickness with mitered joins and fringed edges.
  ///
  /// Each point gives four vertices (outer fringe, two core edges, inner fringe) and each
  /// segment 18 indices. Lines thinner than a pixel fade instead of thinning, as ImGui does.
  public mutating func strokePolyline(
    _ input: [Point], closed: Bool, color inputColor: RGBA8, thickness: Double
  ) {
    var points = input
    if points.count >= 2 {
      // Split long segments so each quad's bounding box stays small (see maxEdgeLength).
      var out: [Point] = []
      let segments = closed ? points.count : points.count - 1
      for i in 0..<segments {
        let a = points[i]
        let b = points[(i + 1) % points.count]
        let pieces = Self.pieces(a, b, maxEdgeLength)
        for k in 0..<pieces { out.append(Point.lerp(a, b, Double(k) / Double(pieces))) }
      }
      if !closed { out.append(points[points.count - 1]) }
      points = out
    }
    let count = points.count
    guard count >= 2, inputColor.a > 0, thickness > 0 else { return }
    guard isVisible(Self.bounds(of: points).insetBy(dx: -thickness, dy: -thickness)) else { return }
    var color = inputColor
    var width = thickness
    if width < 1 {
      color = color.fading(width)
      width = 1
    }
    let segmentCount = closed ? count : count - 1
    var normals = [Point](repeating: .zero, count: count)
    for i in 0..<segmentCount {
      let d = points[(i + 1) % count] - points[i]
      let len = d.length
      normals[i] = len > 0 ? Point(x: d.y / len, y: -d.x / len) : .zero
    }
    if !closed { normals[count - 1] = normals[count - 2] }
    let aa = antiAliased ? fringeWidth : 0
    let halfCore = (width - aa) * 0.5
    let base = prepare(texture: .none)
    for i in 0..<count {
      let prev = (closed || i > 0) ? normals[(i + count - 1) % count] : normals[i]
      let dm = Self.miter(prev, normals[i])
      let p = points[i]
      let c0 = dm * (halfCore + aa)
      let c1 = dm * halfCore
      vertices.append(Vertex(x: Float(p.x + c0.x), y: Float(p.y + c0.y), color: color.transparent))
      vertices.append(Vertex(x: Float(p.x + c1.x), y: Float(p.y + c1.y), color: color))
      vertices.append(Vertex(x: Float(p.x - c1.x), y: Float(p.y - c1.y), color: color))
      vertices.append(Vertex(x: Float(p.x - c0.x), y: Float(p.y - c0.y), color: color.transparent))
    }
    for i in 0..<segmentCount {
      let a = base + Int32(i * 4)
      let b = base + Int32(((i + 1) % count) * 4)
      appendTriangle(b + 1, a + 1, a + 2)
      appendTriangle(a + 2, b + 2, b + 1)
      appendTriangle(b, a, a + 1)
      appendTriangle(a + 1, b + 1, b)
      appendTriangle(b + 2, a + 2, a + 3)
      appendTriangle(a + 3, b + 3, b + 2)
    }
    closeIndices(added: segmentCount * 18)
  }

  // MARK: Convenience shapes

  /// Fills an axis-aligned rectangle.
  public mutating func fillRect(_ r: Rect, color: RGBA8) {
    fillConvexPolygon(
      [
        Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
        Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
      ], color: color)
  }

  /// The polygon of a circle with an automatic segment count.
  public func circlePoints(center: Point, radius: Double) -> [Point] {
    let n = circleSegmentCount(radius: radius)
    return (0..<n).map { i in
      let a = Double(i) / Double(n) * 2 * .pi
      return Point(x: center.x + cos(a) * radius, y: center.y + sin(a) * radius)
    }
  }

  /// Fills a circle whose segment count follows from `circleMaxError`.
  public mutating func fillCircle(center: Point, radius: Double, color: RGBA8) {
    guard radius > 0 else { return }
    fillConvexPolygon(circlePoints(center: center, radius: radius), color: color)
  }

  /// Adds a textured quad; `corners` are top-left, top-right, bottom-right, bottom-left.
  public mutating func addImageQuad(
    _ corners: [Point], uv: Rect, texture: TextureRef, tint: RGBA8 = RGBA8(r: 255, g: 255, b: 255, a: 255)
  ) {
    guard corners.count == 4 else { return }
    addImageQuad(Quad(corners[0], corners[1], corners[2], corners[3]), uv: uv, texture: texture, tint: tint)
  }

  /// `addImageQuad` for a quad given as a value: what lowering calls once per glyph, so it
  /// writes the four vertices and six indices with no intermediate arrays.
  ///
  /// `opaque` says every texel of the texture is opaque. An upright quad of such a texture
  /// with an opaque tint hides what is under it, which is then recorded as its
  /// `Primitive.opaqueInterior` (when `recordsOpaqueInteriors` is on).
  public mutating func addImageQuad(
    _ q: Quad, uv: Rect, texture: TextureRef, tint: RGBA8 = RGBA8(r: 255, g: 255, b: 255, a: 255),
    opaque: Bool = false
  ) {
    guard tint.a > 0, isVisible(q.bounds) else { return }
    let base = prepare(texture: texture)
    let (u0, v0, u1, v1) = (Float(uv.minX), Float(uv.minY), Float(uv.maxX), Float(uv.maxY))
    vertices.append(Vertex(x: Float(q.topLeft.x), y: Float(q.topLeft.y), color: tint, u: u0, v: v0))
    vertices.append(Vertex(x: Float(q.topRight.x), y: Float(q.topRight.y), color: tint, u: u1, v: v0))
    vertices.append(Vertex(x: Float(q.bottomRight.x), y: Float(q.bottomRight.y), color: tint, u: u1, v: v1))
    vertices.append(Vertex(x: Float(q.bottomLeft.x), y: Float(q.bottomLeft.y), color: tint, u: u0, v: v1))
    appendTriangle(base, base &+ 1, base &+ 2)
    appendTriangle(base, base &+ 2, base &+ 3)
    closeIndices(added: 6, shape: .imageQuad)
    // Glyphs come through here once each per frame and are never opaque: test that first.
    guard opaque, tint.a == 255, recordsOpaqueInteriors else { return }
    let upright =
      q.topLeft.y == q.topRight.y && q.bottomLeft.y == q.bottomRight.y && q.topLeft.x == q.bottomLeft.x
      && q.topRight.x == q.bottomRight.x
    // Only where the rasterizer draws at all: it drops a quad with a corner past its limit,
    // and what it does not draw must not hide what is under it.
    let limit = Self.drawableLimit
    let drawable =
      abs(q.topLeft.x) < limit && abs(q.topLeft.y) < limit && abs(q.bottomRight.x) < limit
      && abs(q.bottomRight.y) < limit
    if upright, drawable {
      var box = q.bounds
      if let clip = clipStack.last { box = box.intersection(clip) }
      // Pixel centers at least half a pixel inside: every one is sampled from opaque texels.
      let o = PixelRect(
        x0: Self.wholePixel((box.minX + 0.5).rounded(.up)), y0: Self.wholePixel((box.minY + 0.5).rounded(.up)),
        x1: Self.wholePixel((box.maxX - 0.5).rounded(.down)), y1: Self.wholePixel((box.maxY - 0.5).rounded(.down)))
      if o.x1 > o.x0, o.y1 > o.y0, (o.x1 - o.x0) * (o.y1 - o.y0) >= 1024 {
        primitives[primitives.count - 1].opaqueInterior = o
      }
    }
  }

  /// Fills an axis-aligned rectangle with a vertical ramp from `top` to `bottom`, to be
  /// dithered by a renderer that can (see `PrimitiveShape.ditheredRamp`). No fringe: ramps
  /// are backdrops, given on whole pixels.
  public mutating func fillDitheredRamp(_ r: Rect, top: RGBA8, bottom: RGBA8) {
    guard top.a > 0 || bottom.a > 0, r.width > 0, r.height > 0, isVisible(r) else { return }
    let base = prepare(texture: .none)
    for (x, y, c) in [(r.minX, r.minY, top), (r.maxX, r.minY, top), (r.maxX, r.maxY, bottom), (r.minX, r.maxY, bottom)]
    {
      vertices.append(Vertex(x: Float(x), y: Float(y), color: c))
    }
    appendTriangle(base, base + 1, base + 2)
    appendTriangle(base, base + 2, base + 3)
    closeIndices(added: 6, shape: .ditheredRamp)
  }

  /// Appends raw triangles (the `Canvas` escape hatch); indices are relative to `verts`.
  public mutating func addTriangles(_ verts: [Vertex], indices idx: [Int32], texture: TextureRef = .none) {
    guard !verts.isEmpty, !idx.isEmpty else { return }
    let base = prepare(texture: texture)
    vertices.append(contentsOf: verts)
    // Wrapping: a hostile index near Int32.max becomes one the renderers' range checks drop.
    indices.append(contentsOf: idx.map { $0 &+ base })
    closeIndices(added: idx.count)
  }
}

// MARK: Fragments

/// A stretch of a draw list, kept so that a later frame can append it again instead of
/// tessellating the same shapes anew.
///
/// Vertices stay where they were drawn (fragments are replayed only under the same transform
/// and clip); indices, commands and primitives are stored relative to the fragment's start
/// and rebased when appended, and each primitive's key is kept without its position in the
/// list, which `append(_:)` mixes in again.
public struct DrawFragment: Sendable {
  fileprivate var vertices: [Vertex]
  fileprivate var indices: [Int32]
  fileprivate var runs: [DrawCommand]
  fileprivate var primitives: [Primitive]

  /// How many vertices the fragment holds.
  public var vertexCount: Int { vertices.count }
}

extension DrawList {
  /// A position in a draw list, from which `fragment(since:)` takes what was appended after it.
  public struct Mark: Sendable {
    fileprivate var vertices: Int
    fileprivate var indices: Int
    fileprivate var primitives: Int
  }

  /// The end of the list as it stands.
  public var mark: Mark { Mark(vertices: vertices.count, indices: indices.count, primitives: primitives.count) }

  /// The inverse of the FNV-1a prime modulo 2⁶⁴, which takes a primitive's position back out
  /// of its key (`closePrimitive` mixes the position in last).
  private static let inverseFNVPrime: UInt64 = 0xce96_5057_aff6_957b

  /// Everything appended since `mark`, or nil when that cannot be replayed as it stands: a
  /// primitive still open, or a mark from another list.
  public func fragment(since mark: Mark) -> DrawFragment? {
    guard primitiveStart == nil, mark.vertices <= vertices.count, mark.indices <= indices.count,
      mark.primitives <= primitives.count
    else { return nil }
    let base = Int32(truncatingIfNeeded: mark.vertices)
    // The commands that hold indices past the mark; the first may have begun before it.
    var first = commands.count
    while first > 0, commands[first - 1].indexOffset + commands[first - 1].indexCount > mark.indices { first -= 1 }
    var runs: [DrawCommand] = []
    runs.reserveCapacity(commands.count - first)
    // Where each command's run lands in `runs` (empty commands have none).
    var runOf = [Int](repeating: -1, count: commands.count - first)
    for i in first..<commands.count where commands[i].indexCount > 0 {
      let c = commands[i]
      let start = max(c.indexOffset, mark.indices)
      runOf[i - first] = runs.count
      runs.append(
        DrawCommand(
          clip: c.clip, texture: c.texture, indexOffset: start - mark.indices,
          indexCount: c.indexOffset + c.indexCount - start))
    }
    var prims: [Primitive] = []
    prims.reserveCapacity(primitives.count - mark.primitives)
    for i in mark.primitives..<primitives.count {
      var p = primitives[i]
      guard p.command >= first, runOf[p.command - first] >= 0 else { return nil }
      p.command = runOf[p.command - first]
      p.indexOffset -= mark.indices
      p.key = (p.key &* Self.inverseFNVPrime) ^ UInt64(i)
      prims.append(p)
    }
    return DrawFragment(
      vertices: Array(vertices[mark.vertices...]), indices: indices[mark.indices...].map { $0 &- base }, runs: runs,
      primitives: prims)
  }

  /// Appends a fragment taken from this or an earlier frame's list, exactly as tessellating
  /// its shapes again here would: a first run with the open command's clip and texture
  /// extends that command, and every primitive's key gets its new position.
  public mutating func append(_ fragment: DrawFragment) {
    guard primitiveStart == nil else { return }
    let vertexBase = Int32(truncatingIfNeeded: vertices.count)
    let indexBase = indices.count
    vertices.append(contentsOf: fragment.vertices)
    // Rebased in place after a plain copy: appending a lazily mapped sequence went element
    // by element through the generic path.
    indices.append(contentsOf: fragment.indices)
    indices.withUnsafeMutableBufferPointer { all in
      for i in indexBase..<all.count { all[i] &+= vertexBase }
    }
    var commandOf: [Int] = []
    commandOf.reserveCapacity(fragment.runs.count)
    for run in fragment.runs {
      if let last = commands.last, last.texture == run.texture, last.clip == run.clip {
        commands[commands.count - 1].indexCount += run.indexCount
      } else if let last = commands.last, last.indexCount == 0 {
        commands[commands.count - 1] = DrawCommand(
          clip: run.clip, texture: run.texture, indexOffset: indexBase + run.indexOffset, indexCount: run.indexCount)
      } else {
        commands.append(
          DrawCommand(
            clip: run.clip, texture: run.texture, indexOffset: indexBase + run.indexOffset, indexCount: run.indexCount))
      }
      commandOf.append(commands.count - 1)
    }
    for var p in fragment.primitives {
      p.command = commandOf[p.command]
      p.indexOffset += indexBase
      p.key = (p.key ^ UInt64(primitives.count)) &* 0x100_0000_01b3
      primitives.append(p)
    }
  }
}
