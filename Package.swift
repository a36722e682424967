// swift-tools-version:6.0
import PackageDescription

/// Timeline Playground: SwiftUI's TimelineView model on SDL2.
///
/// Imports flow one way: `Scenes → SceneGraph → Raster, Graphics, Timeline, Motion`;
/// `Raster → Graphics`; `Scenes → Audio`; `SDLBackend → Raster, Graphics, Audio, CSDL2`;
/// `PlaygroundKit → everything`. Only `SDLBackend` sees the C API.
/// Release builds are compiled for the CPU that builds them (`-target-cpu native`): the
/// rasterizer's 4- and 8-pixel loops then use AVX2 where the machine has it, about 15-20 %
/// off a frame here, with pixels bit for bit the same (no FMA contraction). `make run` builds
/// and runs on the same machine; `PLAYGROUND_PORTABLE=1` builds for any x86-64 instead, for
/// a binary that is copied elsewhere.
///
/// Every release build also optimizes across modules (`-cross-module-optimization`), so
/// generic code such as `Motion.AnimatedValue<Double>` is specialized where SceneGraph calls
/// it rather than run through the runtime's metadata lookups: the overview's build phase
/// 0.73 -> 0.59 ms back to back, 1.51 -> 1.02 ms after a 15 ms sleep.
///
/// Release builds leave out the run-time exclusivity checks on class properties and globals
/// (`-enforce-exclusivity=unchecked`; the compile-time ones stay, and debug builds and tests
/// keep both). The update walks thousands of graph nodes a frame, and each read of a node's
/// fields was a `swift_beginAccess` with a thread-local lookup: 4 % of the visualizer's build
/// and lower, counted in instructions.
let hostTuned = Context.environment["PLAYGROUND_PORTABLE"].map { !$0.isEmpty && $0 != "0" } != true
let tuning: [SwiftSetting] =
  [.unsafeFlags(["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release))]
  + (hostTuned
    ? [
      .unsafeFlags(["-target-cpu", "native"], .when(configuration: .release)),
      .define("HOST_TUNED", .when(configuration: .release)),
    ] : [])

/// Pixel loops run 20-50x slower unoptimized, which would make every debug run and test that
/// draws crawl: the modules that hold them (the rasterizer, and the image code of `Graphics`) are
/// optimized in debug builds too. Whole-module, as release builds are, so that the rasterizer's
/// per-pixel helpers are inlined into the loops of its other files (file by file, a debug
/// frame's rasterizing took 20-30 % longer).
let optimizedInDebug: [SwiftSetting] = [
  .unsafeFlags(["-O", "-wmo", "-num-threads", "2"], .when(configuration: .debug))
]

let package = Package(
  name: "TimelinePlayground",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "playground", targets: ["playground"]),
    // What a sketch or a user's own package imports; the executable does not link it, so
    // Foundation is loaded only with a sketch.
    .library(name: "TimelinePlayground", targets: ["TimelinePlayground"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
    // Combine's `Publisher`, `ObservableObject` and `@Published`, which Linux lacks.
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CSDL2",
      path: "Sources/CSDL2",
      // SDL2_ttf's flags include SDL2's, HarfBuzz's and FreeType's header paths.
      pkgConfig: "SDL2_ttf",
      providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev", "libfontconfig-dev"])]
    ),
    // The draw list, geometry, images and colors: what a renderer is given.
    .target(name: "Graphics", swiftSettings: optimizedInDebug + tuning),
    // The CPU rasterizer, one file per stage, and the gradient, mesh and area-filtered images
    // the renderers draw.
    .target(name: "Raster", dependencies: ["Graphics"], swiftSettings: optimizedInDebug + tuning),
    .target(name: "Timeline", swiftSettings: tuning),
    .target(name: "Motion", swiftSettings: tuning),
    .target(name: "Audio", dependencies: ["Timeline"], swiftSettings: tuning),
    .target(
      name: "SceneGraph",
      dependencies: [
        "Graphics", "Raster", "Timeline", "Motion", .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      swiftSettings: tuning),
    .target(
      name: "SDLBackend", dependencies: ["Graphics", "Raster", "Audio", "Timeline", "CSDL2"], swiftSettings: tuning),
    .target(name: "Scenes", dependencies: ["SceneGraph", "Audio"], path: "Scenes", swiftSettings: tuning),
    .target(
      name: "PlaygroundKit",
      dependencies: [
        "Graphics", "Timeline", "Motion", "Audio", "SceneGraph", "SDLBackend", "Scenes",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ],
      swiftSettings: tuning
    ),
    .target(name: "TimelinePlayground", dependencies: ["SceneGraph", "PlaygroundKit"], swiftSettings: tuning),
    .executableTarget(
      name: "playground", dependencies: ["PlaygroundKit"], swiftSettings: tuning,
      // Sketches are shared libraries that use the view API's symbols from this executable.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
    .testTarget(name: "GraphicsTests", dependencies: ["Graphics"]),
    .testTarget(name: "RasterTests", dependencies: ["Raster", "Graphics"]),
    .testTarget(name: "TimelineTests", dependencies: ["Timeline"]),
    .testTarget(name: "MotionTests", dependencies: ["Motion"]),
    .testTarget(name: "AudioTests", dependencies: ["Audio"]),
    .testTarget(
      name: "SceneGraphTests", dependencies: ["SceneGraph", .product(name: "OpenCombine", package: "OpenCombine")]),
    .testTarget(name: "SDLBackendTests", dependencies: ["SDLBackend", "Graphics"]),
    .testTarget(name: "ScenesTests", dependencies: ["Scenes", "SceneGraph", "Audio"]),
    .testTarget(name: "PlaygroundKitTests", dependencies: ["PlaygroundKit"]),
    // Examples written as published SwiftUI code is written, against `import TimelinePlayground`
    // in Swift 5 mode as sketches are, each rendered and judged by its pixels.
    .testTarget(
      name: "CorpusTests",
      dependencies: ["TimelinePlayground", "PlaygroundKit", "SceneGraph", "Graphics", "Scenes", "SDLBackend"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
  ],
  swiftLanguageModes: [.v6]
)
