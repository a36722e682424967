import FoundationEssentials

/// What a renderer's rasterizer can do or pays for, and the draw-list tessellation that follows
/// from it.
///
/// A draw list is cut into triangles for the renderer that will draw it; naming what that
/// renderer does, rather than the renderer, lets a new one pick up the right cuts by saying
/// what it is.
public struct RendererCapabilities: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  /// Creates a capability set.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Draws `fillDitheredRamp` ramps itself, so vertical gradient backdrops can be ramps.
  ///
  /// A span rasterizer fills a ramp's rows with a four-pixel pattern at the speed of a copy,
  /// so the window-sized image a backdrop otherwise needs (and its premultiplied copy: 7 MB
  /// at 1280×720) is never made. A GPU lacks it: it would draw a ramp with 8-bit bands.
  public static let ditheredRamps = RendererCapabilities(rawValue: 1 << 0)

  /// Composites in order and skips what an opaque fill's interior hides, so draw lists record
  /// those interiors (`Primitive.opaqueInterior`) and the backdrop under them is not painted
  /// only to be covered.
  public static let opaqueInteriors = RendererCapabilities(rawValue: 1 << 1)

  /// Walks each triangle's whole bounding box (SDL's software renderer does), so long
  /// diagonal edges are cut into 48-pixel pieces: the boxes walked then add up to about twice
  /// the area covered instead of a long diagonal's square.
  public static let boundingBoxWalk = RendererCapabilities(rawValue: 1 << 2)

  /// Interpolates vertex colors per pixel for free (a GPU), so a mesh gradient is drawn as a
  /// fine grid of triangles with per-vertex colors: nothing is shaded on the CPU and no
  /// texture is uploaded when the mesh moves. A CPU rasterizer lacks it: shading a small
  /// image and scaling it up costs it a sixty-fourth of shading every pixel.
  public static let smoothVertexColors = RendererCapabilities(rawValue: 1 << 3)

  /// Shades small circles per pixel from their distance to the circle's polygon
  /// (`PrimitiveShape.disc`), so a circle is one quad instead of a polygon with its fringe.
  ///
  /// A span rasterizer sets up each triangle it is given: a particle of 3 pixels' radius is
  /// 30 triangles of a pixel or two, and setting them up costs more than shading its 40 pixels.
  /// A GPU lacks it: it sets triangles up for nothing and would draw the quad as a square.
  public static let analyticDiscs = RendererCapabilities(rawValue: 1 << 4)

  /// Shades upright rounded rectangles per pixel from their distance to the outline
  /// (`PrimitiveShape.roundedRect`), so a bar is one quad instead of a polygon with its fringe.
  ///
  /// A span rasterizer walks each of a fringe's thin triangles row by row: a rounded bar's
  /// long sides are four triangles a pixel wide and the bar's height, each row of which is
  /// set up for a pixel or two. A GPU lacks it: it would draw the quad with square corners.
  public static let analyticRoundedRects = RendererCapabilities(rawValue: 1 << 5)

  /// Samples textures with bilinear filtering for free (a GPU), so circles and upright rounded
  /// rectangles are quads over `CoverageMask`'s discs: 4 or 16 vertices instead of a polygon
  /// of up to 260 with its fringe, which lowering computes corner by corner and SDL copies.
  /// A span rasterizer lacks it: it shades these shapes itself (`analyticDiscs`,
  /// `analyticRoundedRects`) for less than sampling a texture costs it.
  public static let coverageMasks = RendererCapabilities(rawValue: 1 << 6)
}

extension DrawList.Tessellation {
  /// The longest diagonal edge, in pixels, for a rasterizer that walks bounding boxes.
  static let boundingBoxEdge = 48.0

  /// The tessellation that suits a renderer with `capabilities`; `standard` for none.
  ///
  /// Fills are a top-to-bottom strip for every renderer: a span rasterizer sets up each row
  /// of each triangle, and a strip's triangles cover only the rows between neighbouring
  /// vertices while a fan's all span the polygon's height (measured: the visualizer took
  /// 3.5 ms with fans, 0.9 ms with strips). A GPU does not mind either way.
  public init(for capabilities: RendererCapabilities) {
    self.init(
      maxEdgeLength: capabilities.contains(.boundingBoxWalk) ? Self.boundingBoxEdge : .infinity,
      triangulation: .strip, ditheredRamps: capabilities.contains(.ditheredRamps),
      opaqueInteriors: capabilities.contains(.opaqueInteriors),
      meshTriangles: capabilities.contains(.smoothVertexColors), analyticDiscs: capabilities.contains(.analyticDiscs),
      analyticRoundedRects: capabilities.contains(.analyticRoundedRects),
      coverageMasks: capabilities.contains(.coverageMasks))
  }
}
