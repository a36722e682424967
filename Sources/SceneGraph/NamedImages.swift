// `Image(_ name:)`: pictures found by name in the sketch's folders, as an app's asset catalog
// holds them, decoded once by the window's backend.
import FoundationEssentials
import Graphics

/// Where `Image(_ name:)` looks for pictures, and the ones it has read.
///
/// A name is looked for in each folder in turn: as a file (`photo.png`, or the name itself when
/// it has an extension), in an asset catalog (`Assets.xcassets/photo.imageset/`, the image the
/// set's `Contents.json` lists first, preferring 1x), then in `Assets/`. A picture is read the
/// first time its name is met and kept until `forget()` (a sketch's reload).
public final class NamedImages: @unchecked Sendable {
  /// The process's catalog: `playground run` and `snapshot` add the sketch's folder.
  public static let shared = NamedImages()

  /// What a lookup found.
  public enum Lookup: Equatable {
    /// The picture, and the file it came from.
    case found(path: String, image: ImageIdentity)
    /// No file by that name in any folder.
    case missing
    /// A file that the decoder could not read, with its reason.
    case unreadable(path: String, reason: String)
  }

  /// A read picture: its pixels and the key its texture is kept by.
  public struct ImageIdentity: Equatable, @unchecked Sendable {
    public var buffer: ImageBuffer
    public var key: AnyHashable
    public static func == (a: Self, b: Self) -> Bool { a.key == b.key }
  }

  /// The file extensions tried after a bare name, in order.
  public static let extensions = ["png", "jpg", "jpeg", "gif", "webp", "bmp"]

  private struct State {
    var folders: [String] = []
    var decode: ((String) throws -> ImageBuffer)?
    var read: [String: Lookup] = [:]
    var warned: Set<String> = []
    var reads = 0
    /// Bumped when folders change or pictures are forgotten: a lookup that started before
    /// does not store what it found.
    var epoch = 0
  }
  private let state = Mutex(State())

  public init() {}

  /// The folders searched, in order.
  public var folders: [String] { state.withLock { $0.folders } }

  /// Adds `folder` to the search, once: at the end, or with `first` before the others (a
  /// sketch's own folder comes before the working directory).
  public func addFolder(_ folder: String, first: Bool = false) {
    state.withLock { s in
      s.folders.removeAll { $0 == folder }
      if first { s.folders.insert(folder, at: 0) } else { s.folders.append(folder) }
      s.read.removeAll()
      s.epoch += 1
    }
  }

  /// Sets how a picture file becomes pixels: SDL_image in the window's process.
  public func setDecoder(_ decode: @escaping (String) throws -> ImageBuffer) {
    state.withLock { $0.decode = decode }
  }

  /// Drops the pictures read so far (the next lookup reads each file again) and the names
  /// warned about (a reloaded sketch is told again).
  public func forget() {
    state.withLock { s in
      s.read.removeAll()
      s.warned.removeAll()
      s.epoch += 1
    }
  }

  /// How many files have been decoded, for tests.
  public var reads: Int { state.withLock { $0.reads } }

  /// The picture named `name`, reading it the first time.
  public func lookup(_ name: String) -> Lookup {
    if let known = state.withLock({ $0.read[name] }) { return known }
    let (folders, decode, epoch) = state.withLock { ($0.folders, $0.decode, $0.epoch) }
    var result = Lookup.missing
    if let path = folders.lazy.compactMap({ Self.file(named: name, in: $0) }).first {
      // Each read is a new texture: a picture saved again is not taken for the one drawn.
      let read = state.withLock { s in
        s.reads += 1
        return s.reads
      }
      if let decode {
        do {
          var buffer = try decode(path)
          buffer.smooth = true
          let key = AnyHashable("named-image:\(path)#\(read)")
          result = .found(path: path, image: ImageIdentity(buffer: buffer, key: key))
        } catch {
          result = .unreadable(path: path, reason: "\(error)")
        }
      } else {
        result = .unreadable(path: path, reason: "no image decoder in this process")
      }
    }
    state.withLock { s in
      if s.epoch == epoch { s.read[name] = result }
    }
    return result
  }

  /// Warns through `warn`, once per name, why `name` draws nothing.
  func warnOnce(_ name: String, _ lookup: Lookup, _ warn: (String) -> Void) {
    guard state.withLock({ $0.warned.insert(name).inserted }) else { return }
    switch lookup {
    case .found: return
    case .missing:
      let places = folders.isEmpty ? "no folders to look in" : "looked in " + folders.joined(separator: ", ")
      warn(
        "no image named \"\(name)\" (\(places), for \(name).png, .jpg and the other picture types, "
          + "Assets.xcassets/\(name).imageset and Assets/); it draws nothing")
    case .unreadable(let path, let reason):
      warn("image \"\(name)\" at \(path) cannot be read (\(reason)); it draws nothing")
    }
  }

  /// The file `name` stands for in `folder`, if there is one.
  static func file(named name: String, in folder: String) -> String? {
    let fm = FileManager.default
    func isFile(_ path: String) -> Bool {
      var isDir = false
      return fm.fileExists(atPath: path, isDirectory: &isDir) && !isDir
    }
    func join(_ a: String, _ b: String) -> String { a.hasSuffix("/") ? a + b : a + "/" + b }
    let hasExtension = extensions.contains { name.lowercased().hasSuffix("." + $0) }
    if hasExtension, isFile(join(folder, name)) { return join(folder, name) }
    for ext in extensions where isFile(join(folder, name + "." + ext)) { return join(folder, name + "." + ext) }
    let set = join(folder, "Assets.xcassets/" + name + ".imageset")
    if let inSet = imageInSet(set) { return inSet }
    let assets = join(folder, "Assets")
    if hasExtension, isFile(join(assets, name)) { return join(assets, name) }
    for ext in extensions where isFile(join(assets, name + "." + ext)) { return join(assets, name + "." + ext) }
    return nil
  }

  /// The picture of an image set: the 1x file its `Contents.json` lists, else the first listed,
  /// else the first picture file in the folder by name.
  static func imageInSet(_ set: String) -> String? {
    let fm = FileManager.default
    guard let names = try? fm.contentsOfDirectory(atPath: set) else { return nil }
    let pictures = names.filter { n in extensions.contains { n.lowercased().hasSuffix("." + $0) } }.sorted()
    struct Contents: Decodable {
      struct Entry: Decodable {
        var filename: String?
        var scale: String?
      }
      var images: [Entry]?
    }
    if let data = fm.contents(atPath: set + "/Contents.json"),
      let listed = (try? JSONDecoder().decode(Contents.self, from: data))?.images
    {
      let files = listed.filter { $0.filename.map(pictures.contains) ?? false }
      if let file = (files.first { $0.scale == "1x" } ?? files.first)?.filename { return set + "/" + file }
    }
    return pictures.first { !$0.contains("@") }.map { set + "/" + $0 } ?? pictures.first.map { set + "/" + $0 }
  }
}

extension Image {
  /// The picture named `name` beside the sketch (`NamedImages`); SwiftUI's `Image(_:bundle:)`.
  ///
  /// It is drawn at its pixel size unless framed or `resizable()`. A name that no folder has
  /// draws nothing (a zero-size image, as in SwiftUI) and warns once.
  public init(_ name: String) {
    self.buffer = Image.noPicture
    self.key = AnyHashable("named-image:" + name)
    self.assetName = name
  }

  /// A picture found by name that accessibility skips; drawn as `Image(_:)` draws it.
  public init(decorative name: String) { self.init(name) }

  /// An empty picture, until a name is found.
  private static let noPicture = ImageBuffer(width: 0, height: 0)

  /// The node of the picture named `name`: empty (zero size) when none is found.
  static func namedNode(_ name: String, _ ctx: UpdateContext) -> RNode {
    let lookup = NamedImages.shared.lookup(name)
    guard case .found(_, let image) = lookup else {
      NamedImages.shared.warnOnce(name, lookup, ctx.runtime.warn)
      // No size and nothing drawn, as SwiftUI's image of a name it cannot find.
      return RNode(.empty)
    }
    return RNode(.image(image.buffer, UInt64(bitPattern: Int64(image.key.hashValue))))
  }
}
