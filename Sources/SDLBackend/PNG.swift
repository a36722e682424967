internal import CSDL2
import FoundationEssentials
import Graphics

/// Writes RGBA pixels as a PNG file with SDL_image.
public enum PNGWriter {
  /// Saves `image` to `path`; throws with a one-line reason on failure.
  public static func write(_ image: ImageBuffer, to path: String) throws {
    try Platform.startCore()
    guard image.pixels.count >= image.width * image.height else {
      throw BackendError.io("cannot write PNG to \(path): the image has fewer pixels than its size")
    }
    // Read in place (saving only reads the surface): no copy of a picture that can be a gigabyte.
    let rc: Int32 = image.pixels.withUnsafeBytes { raw in
      guard
        let surf = SDL_CreateRGBSurfaceWithFormatFrom(
          UnsafeMutableRawPointer(mutating: raw.baseAddress), Int32(image.width), Int32(image.height), 32,
          Int32(image.width * 4),
          UInt32(SDL_PIXELFORMAT_RGBA32.rawValue))
      else { return -1 }
      defer { SDL_FreeSurface(surf) }
      return IMG_SavePNG(surf, path)
    }
    if rc != 0 { throw BackendError.io("cannot write PNG to \(path): \(sdlError())") }
  }

  /// Reads a PNG (or any format SDL_image knows) as RGBA pixels.
  public static func read(_ path: String) throws -> ImageBuffer {
    try Platform.startCore()
    guard let surf = IMG_Load(path) else { throw BackendError.io("cannot read image \(path): \(sdlError())") }
    defer { SDL_FreeSurface(surf) }
    return try image(of: surf)
  }

  /// Copies an SDL surface of any format into RGBA pixels.
  static func image(of surf: UnsafeMutablePointer<SDL_Surface>) throws -> ImageBuffer {
    guard let conv = SDL_ConvertSurfaceFormat(surf, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), 0) else {
      throw BackendError.sdl(sdlError())
    }
    defer { SDL_FreeSurface(conv) }
    var img = ImageBuffer(width: Int(conv.pointee.w), height: Int(conv.pointee.h), smooth: false)
    let pitch = Int(conv.pointee.pitch)
    if let src = conv.pointee.pixels {
      for y in 0..<img.height {
        let row = UnsafeRawPointer(src + y * pitch).assumingMemoryBound(to: UInt32.self)
        for x in 0..<img.width { img.pixels[y * img.width + x] = row[x] }
      }
    }
    return img
  }
}
