import SceneGraph

/// The articles' GIF player: frames decoded from a GIF, played by a cyclic schedule built from
/// the frame delays, as many times as the file asks.
///
/// From the articles: `TimelineView(.cyclic(loopCount:timeOffsets:))` with one offset per frame
/// delay, and an `ImageFrame` view whose `@State frame` advances in `onChange(of: date)`.
/// The bundled GIF (`Assets/playground.gif`) is made by `make gif` from the emoji wave's
/// snapshots; `--gif FILE` plays another. A file that is not a complete GIF gives one error
/// line naming it, and the scene shows a placeholder.
public struct GifPlayerScene: PlaygroundScene {
  public static let name = "gif"
  public static let title = "GIF Player"
  public static let scheduleSummary = ".cyclic(loopCount: plays, timeOffsets: frame delays)"

  /// The bundled animation's file name in the assets folder.
  public static let bundledFile = "playground.gif"

  public init() {}

  /// The GIF this context plays: the user's, else the bundled one.
  public static func path(_ assets: SceneAssets) -> String {
    if let p = assets.gifPath { return p }
    let directory = assets.directory ?? "Assets"
    return directory.hasSuffix("/") ? directory + bundledFile : directory + "/" + bundledFile
  }

  public func body(_ scene: SceneContext) -> some View {
    let loaded = GifLibrary.shared.load(Self.path(scene.assets))
    let k = scene.fitScale(Size(width: 520, height: 400), fill: 0.9)
    ZStack {
      LinearGradient(colors: [Color(hex: 0x101820), Color(hex: 0x24313D)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      GifImage(loaded: loaded).scaleEffect(k)
      Caption(text: ".cyclic(loopCount:timeOffsets:) from the GIF's frame delays", size: scene.size)
    }
  }
}

/// Decoded GIFs by path and modification date, so the scene decodes a file once and reports
/// a broken one once.
final class GifLibrary: @unchecked Sendable {
  static let shared = GifLibrary()
  private let lock = Lock()
  private var cache: [String: (Date?, Result<AnimatedImage, AnimatedImageError>)] = [:]
  /// Where the one-line error goes.
  var warn: @Sendable (String) -> Void = { writeToStandardError("error: \($0)\n") }

  func load(_ path: String) -> Result<AnimatedImage, AnimatedImageError> {
    let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    if let hit = lock.withLock({ cache[path] }), hit.0 == modified { return hit.1 }
    let result: Result<AnimatedImage, AnimatedImageError>
    do {
      result = .success(try AnimatedImage.load(path))
    } catch let e as AnimatedImageError {
      result = .failure(e)
    } catch {
      result = .failure(AnimatedImageError(message: "\(path): \(error)"))
    }
    if case .failure(let e) = result { warn(e.message) }
    lock.withLock { cache[path] = (modified, result) }
    return result
  }
}

/// The articles' `GifImage`.
struct GifImage: View {
  let loaded: Result<AnimatedImage, AnimatedImageError>

  var body: some View {
    Group {
      switch loaded {
      case .failure(let error):
        Placeholder(message: error.message)
      case .success(let gifData):
        VStack(spacing: 14) {
          TimelineView(.cyclic(loopCount: gifData.plays, timeOffsets: gifData.delays)) { timeline in
            ImageFrame(gifData: gifData, date: timeline.date)
          }
          Text(GifImage.summary(gifData))
            .font(.system(size: 13, design: .monospaced))
            .foregroundStyle(Color.white.opacity(0.7))
        }
      }
    }
  }

  static func summary(_ g: AnimatedImage) -> String {
    let name = g.source.split(separator: "/").last.map(String.init) ?? g.source
    let plays = g.plays == 0 ? "loops forever" : "plays \(g.plays)×"
    return "\(name) · \(g.frames.count) frames · \(plays)"
  }

  /// Shown instead of a GIF that could not be decoded.
  struct Placeholder: View {
    let message: String
    var body: some View {
      VStack(spacing: 12) {
        Text("🖼️").font(.system(size: 64))
        Text("cannot play this GIF")
          .font(.system(size: 20, weight: .semibold))
          .foregroundStyle(Color.white)
        Text(message)
          .font(.system(size: 13, design: .monospaced))
          .foregroundStyle(Color(hex: 0xFFB347))
          .frame(width: 500)
      }
      .frame(width: 480, height: 300)
      .background { RoundedRectangle(cornerRadius: 12).stroke(Color.white.opacity(0.3), lineWidth: 2) }
    }
  }

  /// The articles' `ImageFrame`: each timeline update shows the next frame. A finite animation
  /// stops on its last frame, as browsers do, instead of wrapping to the first.
  struct ImageFrame: View {
    @State private var frame = 0
    @State private var shown = 0
    let gifData: AnimatedImage
    let date: Date

    var body: some View {
      let size = gifData.size
      // The file can change under a running animation (a shorter GIF saved over it), and the
      // state outlives the data: wrap the index here, not only when it advances.
      let index = frame % max(1, gifData.frames.count)
      Image(gifData.frames[index], key: "\(gifData.source)#\(index)")
        .frame(width: size.width * scale(size), height: size.height * scale(size))
        .onChange(of: date) { _ in
          let last = gifData.plays * gifData.frames.count - 1
          guard gifData.plays == 0 || shown < last else { return }
          shown += 1
          frame = (frame + 1) % gifData.frames.count
        }
    }

    /// Fits the canvas into 480 × 320 points.
    func scale(_ s: Size) -> Double { min(480 / max(s.width, 1), 320 / max(s.height, 1)) }
  }
}

extension AnimatedImage: Equatable {
  public static func == (a: AnimatedImage, b: AnimatedImage) -> Bool {
    a.source == b.source && a.frames.count == b.frames.count && a.delays == b.delays && a.plays == b.plays
  }
}
