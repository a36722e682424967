import Testing
import TimelinePlayground

/// A library book whose availability is observed, after Apple's "Migrating from the Observable
/// Object protocol to the Observable macro" and `Observable` pages.
@Observable final class Book {
  var title = "Sample Book Title"
  var isAvailable = true
}

/// A book's availability light, green or red, read from an `@Observable` model.
struct BookAvailabilityView: View {
  var book: Book

  var body: some View {
    HStack {
      Circle()
        .fill(book.isAvailable ? Color.green : Color.red)
        .frame(width: 40, height: 40)
      Text(book.title)
    }
  }
}

/// A library that owns its book in `@State` and lends it out when it appears, after Apple's
/// "Managing model data in your app" page.
struct LibraryView: View {
  @State private var book = Book()

  var body: some View {
    BookAvailabilityView(book: book)
      .onAppear { book.isAvailable = false }
  }
}

/// A counter published by an `ObservableObject`, after Apple's `ObservableObject` and
/// `StateObject` pages.
final class TickCounter: ObservableObject {
  @Published var count = 0
}

/// A dot that steps right on every tick of a timer, after Apple's `onReceive(_:perform:)` page
/// and Foundation's `Timer.publish(every:tolerance:on:in:options:)`.
struct TickingDot: View {
  @StateObject private var counter = TickCounter()
  let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

  var body: some View {
    Circle()
      .fill(.blue)
      .frame(width: 20, height: 20)
      .offset(x: CGFloat(counter.count) * 30)
      .onReceive(timer) { _ in
        counter.count += 1
      }
  }
}

/// A dot that slides across once it appears, after Apple's `animation(_:value:)` page.
struct SlidingDot: View {
  @State private var isMoved = false

  var body: some View {
    Circle()
      .fill(.purple)
      .frame(width: 40, height: 40)
      .offset(x: isMoved ? 100 : -100)
      .animation(.linear(duration: 1), value: isMoved)
      .onAppear { isMoved = true }
  }
}

/// Settings switches, after Apple's `Toggle` page (`init(_:isOn:)`) and `tint(_:)`.
struct ConnectivitySettings: View {
  @State private var isWiFiOn = true
  @State private var isBluetoothOn = true
  @State private var isAirplaneModeOn = false

  var body: some View {
    VStack(spacing: 20) {
      Toggle("Wi-Fi", isOn: $isWiFiOn)
      Toggle("Bluetooth", isOn: $isBluetoothOn)
        .tint(.green)
      Toggle("Airplane Mode", isOn: $isAirplaneModeOn)
    }
    .padding()
  }
}

/// A volume slider, after Apple's `Slider` page (`init(value:in:onEditingChanged:)`).
struct VolumeSlider: View {
  @State private var volume = 75.0

  var body: some View {
    Slider(value: $volume, in: 0...100)
      .padding()
  }
}

/// The flavours of Apple's `Picker` page.
enum Flavor: String, CaseIterable, Identifiable {
  case chocolate, vanilla, strawberry
  var id: Self { self }
}

/// A segmented flavour picker, after Apple's `Picker` page and `SegmentedPickerStyle`.
struct FlavorPicker: View {
  @State private var selectedFlavor: Flavor = .vanilla

  var body: some View {
    Picker("Flavor", selection: $selectedFlavor) {
      ForEach(Flavor.allCases) { flavor in
        Text(flavor.rawValue.capitalized).tag(flavor)
      }
    }
    .pickerStyle(.segmented)
    .padding()
  }
}

/// Two prominent buttons, one in the accent color and one tinted, after Apple's
/// `BorderedProminentButtonStyle` page.
struct CheckoutButtons: View {
  var body: some View {
    VStack(spacing: 20) {
      Button("Add to Cart") {}
        .buttonStyle(.borderedProminent)
      Button("Buy Now") {}
        .buttonStyle(.borderedProminent)
        .tint(.green)
    }
  }
}

/// A sign-in button beside its disabled twin, after Apple's `disabled(_:)` page.
struct SignInButtons: View {
  var body: some View {
    HStack(spacing: 20) {
      Button("Sign In") {}
        .buttonStyle(.borderedProminent)
      Button("Sign In") {}
        .buttonStyle(.borderedProminent)
        .disabled(true)
    }
  }
}

extension ViewsAndStateCorpus {
  @Test func observablePropertySetsTheColor() throws {
    let available = try Corpus.render(BookAvailabilityView(book: Book()))
    #expect(available.count(where: Is.green) > 1000 && available.count(where: Is.red) == 0)
    let lent = Book()
    lent.isAvailable = false
    let unavailable = try Corpus.render(BookAvailabilityView(book: lent))
    #expect(unavailable.count(where: Is.red) > 1000 && unavailable.count(where: Is.green) == 0)
    // Changed after the view appeared, the property re-runs the body that read it.
    let library = try Corpus.render(LibraryView(), at: 0.5)
    #expect(library.count(where: Is.red) > 1000 && library.count(where: Is.green) == 0)
  }

  @Test func timerTicksMoveTheDot() throws {
    // One step of 30 points a second: three ticks by 3.5 s.
    for (seconds, x) in [(0.5, 160.0), (1.5, 190.0), (3.5, 250.0)] {
      let p = try Corpus.render(TickingDot(), at: seconds)
      let c = try #require(p.centroid(where: Is.blue))
      #expect(abs(c.x + 0.5 - x) < 0.5 && abs(c.y + 0.5 - 120) < 0.5, "at \(seconds) s")
    }
  }

  @Test func stateChangedOnAppearAnimates() throws {
    let purple: ([Int]) -> Bool = { (150...200).contains($0[0]) && $0[1] < 110 && $0[2] > 200 }
    // From x = 60 to 260 over one second, linearly.
    let start = try #require(try Corpus.render(SlidingDot(), at: 0).centroid(where: purple))
    let middle = try #require(try Corpus.render(SlidingDot(), at: 0.5).centroid(where: purple))
    let end = try #require(try Corpus.render(SlidingDot(), at: 2).centroid(where: purple))
    #expect(abs(start.x + 0.5 - 60) < 0.5)
    #expect(abs(middle.x + 0.5 - 160) < 1)
    #expect(abs(end.x + 0.5 - 260) < 0.5 && abs(end.y + 0.5 - 120) < 0.5)
  }

  @Test func toggleDrawsTheTintedTrackWithTheKnobOnTheRight() throws {
    let p = try Corpus.render(ConnectivitySettings())
    // Three 31-point rows 20 apart from y = 53.5; the 51-point switches end at x = 304.
    // On: the track in the tint, the knob's centre at 288.5; off: gray, the knob at 268.5.
    #expect(p.isNear(262, 69, [0, 122, 255]))
    #expect(p.isNear(262, 120, [52, 199, 89]))
    #expect(p.isNear(296, 171, [232, 232, 232], tolerance: 3))
    let white: ([Int]) -> Bool = { $0.allSatisfy { $0 > 250 } }
    for (y, knob) in [(69, 288.5), (120, 288.5), (171, 268.5)] {
      let run = try #require(runs(p, y: y, where: white).last { $0.lowerBound > 253 && $0.upperBound < 304 })
      #expect(abs(Double(run.lowerBound + run.upperBound) / 2 - knob) < 1, "row at \(y)")
      #expect(run.count >= 24 && run.count <= 28, "row at \(y)")
    }
    #expect(p.count(x: 0..<120, y: 60..<80, where: Is.dark) > 20)
  }

  @Test func sliderThumbSitsAtThreeQuartersOfTheTrack() throws {
    let p = try Corpus.render(VolumeSlider())
    // The slider spans x 16…304; its thumb travels 260 points from x = 30 to 290.
    let white: ([Int]) -> Bool = { $0.allSatisfy { $0 > 250 } }
    let thumb = try #require(runs(p, y: 120, where: white).first { $0.lowerBound > 16 && $0.upperBound < 304 })
    let centre = Double(thumb.lowerBound + thumb.upperBound) / 2
    #expect(abs((centre - 30) / 260 - 0.75) < 0.005)
    #expect(p.isNear(100, 120, [0, 122, 255]))
    #expect(p.isNear(280, 120, [222, 222, 222], tolerance: 4))
    #expect(runs(p, y: 120, where: Is.blue).first?.lowerBound == 16)
  }

  @Test func segmentedPickerHighlightsTheSelection() throws {
    let p = try Corpus.render(FlavorPicker())
    // Three 96-point segments from x = 16, 32 tall from y = 104; Vanilla's is white.
    #expect(p.isNear(30, 110, [238, 238, 238], tolerance: 3))
    #expect(p.isNear(290, 110, [238, 238, 238], tolerance: 3))
    let white: ([Int]) -> Bool = { $0.allSatisfy { $0 > 252 } }
    let lit = runs(p, y: 110, where: white).filter { $0.lowerBound > 16 && $0.upperBound < 304 }
    #expect(lit.count == 1)
    #expect((113...116).contains(lit.first?.lowerBound ?? 0) && (204...207).contains(lit.first?.upperBound ?? 0))
    for segment in [16..<112, 112..<208, 208..<304] {
      #expect(p.count(x: segment, y: 104..<136, where: Is.dark) > 10)
    }
  }

  @Test func borderedProminentButtonsAreFilledWithTheTint() throws {
    let p = try Corpus.render(CheckoutButtons())
    let isBlue: ([Int]) -> Bool = { $0[0] < 10 && abs($0[1] - 122) < 8 && $0[2] > 245 }
    let isGreen: ([Int]) -> Bool = { zip($0, [52, 199, 89]).allSatisfy { abs($0 - $1) < 8 } }
    let blue = try #require(p.centroid(where: isBlue))
    let green = try #require(p.centroid(where: isGreen))
    #expect(abs(blue.x - 160) < 1.5 && blue.y < 120)
    #expect(abs(green.x - 160) < 1.5 && green.y > 120)
    // The white label splits each fill; the fill reaches 12 points past the label each side.
    for y in [Int(blue.y), Int(green.y)] {
      let fill = runs(p, y: y, where: { !$0.allSatisfy { $0 > 250 } })
      #expect(fill.count >= 3, "row at \(y)")
      let left = try #require(fill.first)
      #expect(left.count >= 12, "row at \(y)")
    }
  }

  @Test func disabledButtonIsDrawnAtFortyPercent() throws {
    let p = try Corpus.render(SignInButtons())
    let blue: ([Int]) -> Bool = { $0[0] < 10 && abs($0[1] - 122) < 8 && $0[2] > 245 }
    // Blue at 40 % on white: 255 × 0.6, 255 × 0.6 + 122 × 0.4, 255.
    let faded: ([Int]) -> Bool = { abs($0[0] - 153) < 6 && abs($0[1] - 202) < 6 && $0[2] > 245 }
    let (enabled, disabled) = (p.count(where: blue), p.count(where: faded))
    #expect(enabled > 500 && abs(enabled - disabled) < enabled / 20)
    let left = try #require(p.centroid(where: blue))
    let right = try #require(p.centroid(where: faded))
    #expect(left.x < 150 && right.x > 170 && abs(left.y - right.y) < 1)
  }
}
