import Foundation
import Testing

@testable import Graphics

@Suite struct ColorTests {
  @Test("8-bit channels are the nearest level, halves away from zero, clamped; NaN is full")
  func rgba8Rounding() {
    // What `(v · 255).rounded()`, clamped, gives: the rule every renderer's colors follow.
    func expected(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
    for i in -2_000...12_000 {
      let v = Double(i) / 10_000
      let q = Color(red: v, green: 1 - v, blue: v / 2, opacity: v).rgba8
      #expect(q == RGBA8(r: expected(v), g: expected(1 - v), b: expected(v / 2), a: expected(v)), "\(v)")
    }
    #expect(
      Color(red: 0.5 / 255, green: 1.5 / 255, blue: 254.5 / 255, opacity: 1).rgba8 == RGBA8(r: 1, g: 2, b: 255, a: 255))
    #expect(
      Color(red: .nan, green: .infinity, blue: -.infinity, opacity: 2).rgba8 == RGBA8(r: 255, g: 255, b: 0, a: 255))
  }

  @Test("SwiftUI's brown, light appearance: (162, 132, 94)")
  func brownIsSwiftUIs() {
    #expect(Color.brown.rgba8 == RGBA8(r: 162, g: 132, b: 94, a: 255))
  }
}
