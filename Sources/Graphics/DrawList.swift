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
  /// `CoverageMask.image`: anti-aliased discs that circles and rounded rectangles are drawn
  /// through where the list has `coverageMasks`.
  case coverageMask
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
  /// opaque convex fills and image quads when `DrawList.recordsOpaqueInteriors` is on, and for
  /// opaque vertex grids that tile their bounds (`addVertexGrid`) always; nil otherwise.
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
  /// A small filled circle from `fillCircle`, anti-aliased: four vertices bounding its fringe
  /// (as an image quad's), all its one color, with the radius in the first vertex's `u` and the
  /// corner count of its polygon in that vertex's `v`. A renderer with
  /// `RendererCapabilities.analyticDiscs` shades each pixel from its distance to the polygon's
  /// sides, which is the coverage the polygon's fringe gives; as plain triangles it would be a
  /// square, so a list holds discs only when `DrawList.analyticDiscs` is on.
  case disc
  /// An upright rectangle with circular corners (none for radius 0) from `fillRoundedRect`,
  /// anti-aliased: four vertices half a pixel outside the outline (as an image quad's), the top
  /// two in the color at the outline's top and the bottom two in the color at its bottom, with
  /// the corner radius in the first vertex's `u`. A renderer with
  /// `RendererCapabilities.analyticRoundedRects` shades each pixel from its distance to the
  /// outline, the coverage a polygon's fringe gives; as plain triangles it would have square
  /// corners, so a list holds these only when `DrawList.analyticRoundedRects` is on.
  case roundedRect
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
  public internal(set) var vertices: [Vertex] = []
  public internal(set) var indices: [Int32] = []
  public internal(set) var commands: [DrawCommand] = []
  /// The drawing calls in order, for damage tracking.
  public internal(set) var primitives: [Primitive] = []
  private(set) var primitiveStart: Int?
  /// Images referenced by `.image` commands this frame.
  public var images: [ImageID: ImageBuffer] = [:]
  /// Whether fills and strokes get an alpha fringe.
  public var antiAliased = true
  /// Width of the fringe in pixels.
  public var fringeWidth: Double = 1
  /// The largest distance, in pixels, between a circle and its polygon.
  public var circleMaxError: Double = 0.3
  private(set) var clipStack: [Rect] = []
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
  mutating func prepare(texture: TextureRef) -> Int32 {
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

  /// Adds `added` indices to the open command and closes the primitive they make.
  @inline(__always)
  mutating func closeIndices(added: Int, shape: PrimitiveShape = .triangles) {
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
    case .coverageMask: mix(4)
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
  func isVisible(_ bounds: Rect) -> Bool {
    var area = targetBounds
    if let clip = clipStack.last { area = area.map { $0.intersection(clip) } ?? clip }
    guard let area else { return true }
    let grown = bounds.insetBy(dx: -fringeWidth, dy: -fringeWidth)
    return grown.maxX > area.minX && grown.minX < area.maxX && grown.maxY > area.minY
      && grown.minY < area.maxY && !area.isEmpty
  }

  /// The smallest rectangle holding `points`.
  public static func bounds(of points: [Point]) -> Rect {
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

  /// Longest polygon edge, in pixels, before it is split for tessellation; unlimited by
  /// default (see `Tessellation`).
  public var maxEdgeLength: Double = .infinity

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

  /// Whether mesh gradients become a fine grid of triangles with per-vertex colors
  /// (`addVertexGrid`) instead of an image shaded on the CPU; see
  /// `RendererCapabilities.smoothVertexColors`.
  public var meshTriangles = false

  /// Whether small circles become `PrimitiveShape.disc` quads instead of a polygon with its
  /// fringe; see `RendererCapabilities.analyticDiscs`.
  public var analyticDiscs = false

  /// Whether upright rounded rectangles in one color or a vertical ramp become
  /// `PrimitiveShape.roundedRect` quads instead of a polygon with its fringe; see
  /// `RendererCapabilities.analyticRoundedRects`.
  public var analyticRoundedRects = false

  /// Whether circles and upright rounded rectangles become quads over `CoverageMask`
  /// (`addMaskedRoundedRect`) instead of a polygon with its fringe; see
  /// `RendererCapabilities.coverageMasks`.
  public var coverageMasks = false

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
    /// See `DrawList.meshTriangles`.
    public var meshTriangles: Bool
    /// See `DrawList.analyticDiscs`.
    public var analyticDiscs: Bool
    /// See `DrawList.analyticRoundedRects`.
    public var analyticRoundedRects: Bool
    /// See `DrawList.coverageMasks`.
    public var coverageMasks: Bool

    /// Creates a tessellation.
    public init(
      maxEdgeLength: Double, triangulation: Triangulation, ditheredRamps: Bool = false, opaqueInteriors: Bool = false,
      meshTriangles: Bool = false, analyticDiscs: Bool = false, analyticRoundedRects: Bool = false,
      coverageMasks: Bool = false
    ) {
      self.maxEdgeLength = maxEdgeLength
      self.triangulation = triangulation
      self.ditheredRamps = ditheredRamps
      self.opaqueInteriors = opaqueInteriors
      self.meshTriangles = meshTriangles
      self.analyticDiscs = analyticDiscs
      self.analyticRoundedRects = analyticRoundedRects
      self.coverageMasks = coverageMasks
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
        opaqueInteriors: recordsOpaqueInteriors, meshTriangles: meshTriangles, analyticDiscs: analyticDiscs,
        analyticRoundedRects: analyticRoundedRects, coverageMasks: coverageMasks)
    }
    set {
      maxEdgeLength = newValue.maxEdgeLength
      triangulation = newValue.triangulation
      ditheredRamps = newValue.ditheredRamps
      recordsOpaqueInteriors = newValue.opaqueInteriors
      meshTriangles = newValue.meshTriangles
      analyticDiscs = newValue.analyticDiscs
      analyticRoundedRects = newValue.analyticRoundedRects
      coverageMasks = newValue.coverageMasks
    }
  }

  /// Appends one triangle's indices, without the temporary array a literal would make (a
  /// strip or fringe appends hundreds a frame).
  @inline(__always)
  mutating func appendTriangle(_ a: Int32, _ b: Int32, _ c: Int32) {
    indices.append(a)
    indices.append(b)
    indices.append(c)
  }
}

extension DrawList {
  /// Moves everything drawn by whole pixels `dx`, `dy`: vertices, clips and bounds, so the
  /// list draws the same pixels into a target whose origin is elsewhere (a layer's).
  public mutating func translate(dx: Int, dy: Int) {
    let (fx, fy) = (Float(dx), Float(dy))
    for i in vertices.indices {
      vertices[i].x += fx
      vertices[i].y += fy
    }
    let (x, y) = (Double(dx), Double(dy))
    for i in commands.indices {
      commands[i].clip = commands[i].clip.map {
        Rect(x: $0.minX + x, y: $0.minY + y, width: $0.width, height: $0.height)
      }
    }
    for i in primitives.indices {
      let b = primitives[i].bounds
      primitives[i].bounds = Rect(x: b.minX + x, y: b.minY + y, width: b.width, height: b.height)
      primitives[i].opaqueInterior = nil
    }
    for i in clipStack.indices {
      let c = clipStack[i]
      clipStack[i] = Rect(x: c.minX + x, y: c.minY + y, width: c.width, height: c.height)
    }
  }

  /// The union of every primitive's bounds; nil when nothing is drawn.
  public var drawnBounds: Rect? {
    var box: Rect?
    for p in primitives where p.indexCount > 0 { box = box.map { $0.union(p.bounds) } ?? p.bounds }
    return box
  }
}
