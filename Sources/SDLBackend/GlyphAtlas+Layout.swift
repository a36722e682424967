internal import CSDL2
import Graphics

/// Lays out a line of text in the atlas's glyphs: shaping each run of characters set in one
/// face, falling back to other faces for characters the font lacks, and fitting color emoji
/// to the line.
extension GlyphAtlas {
  /// Lays out one line of text, rasterizing glyphs it has not seen before.
  public func layout(_ text: String, font: Graphics.Font, pixelSize: Double) -> GlyphRun {
    let key = GlyphRunCache.Key(text: text, font: font, pixelSize: pixelSize)
    if let run = runCache.run(for: key, epoch: epoch) { return run }
    let run = layoutUncached(text, font: font, pixelSize: pixelSize)
    runCache.insert(run, for: key, epoch: epoch)
    return run
  }

  private func layoutUncached(_ text: String, font: Graphics.Font, pixelSize: Double) -> GlyphRun {
    let empty = GlyphRun(glyphs: [], size: Size(width: 0, height: pixelSize * 1.2))
    guard let match = fontFaces.face(for: font) else { return empty }
    let exact = Int(max(4, min(512, pixelSize)).rounded())
    let q = sizes.admitsExactSize(exact, path: match.path) ? exact : GlyphSizeBudget.quantize(pixelSize)
    // At its exact size a glyph is drawn 1:1 (up to half a pixel in size): a plain copy, which
    // a partial repaint can clip anywhere, where a scaled one forces the whole run repainted.
    let scale = q == exact ? 1 : pixelSize / Double(q)
    let face = FaceKey(path: match.path, pixels: q, index: match.index)
    guard let primary = fontFaces.open(face) else { return empty }
    let lineHeight = Double(TTF_FontHeight(primary)) * scale
    let ascent = Double(TTF_FontAscent(primary)) * scale
    // Tracking, in pixels, after each glyph.
    let track = font.tracking * pixelSize / max(font.size, 1e-6)
    let scalars = Array(text.unicodeScalars)
    var pen = 0.0
    var placed: [PositionedGlyph] = []
    placed.reserveCapacity(scalars.count)

    // Characters set in one face are shaped together; a character the face lacks comes from
    // the nearest face fontconfig finds that has it.
    var segment: [UInt32] = []
    segment.reserveCapacity(scalars.count)
    var segmentFace = match
    var segmentIsPrimary = true
    var request: FontLocator.Request?
    func flush() {
      guard !segment.isEmpty else { return }
      defer { segment.removeAll(keepingCapacity: true) }
      let key = FaceKey(path: segmentFace.path, pixels: q, index: segmentFace.index)
      guard let ttf = key == face ? primary : fontFaces.open(key) else { return }
      // Another face's bitmaps share the primary face's baseline.
      let dy = key == face ? 0 : ascent - Double(TTF_FontAscent(ttf)) * scale
      let table = glyphs(of: key)
      let digitCell =
        font.usesMonospacedDigits
        ? table.digitCell(pixelSize: pixelSize) { digitAdvance(key, table, pixelSize: pixelSize, scale: scale) } : 0
      let shaped =
        shaper.shape(
          segment, path: key.path, index: key.index, pixelSize: pixelSize, tabular: font.usesMonospacedDigits)
        ?? segment.indices.map { i in
          // HarfBuzz cannot read the file (a Type 1 font): SDL_ttf's own advances.
          let g = glyph(segment[i], of: key, in: table, color: false)
          return Shaper.Placed(cluster: i, advance: (g?.advance ?? 0) * scale, offsetX: 0, offsetY: 0)
        }
      for p in shaped {
        let v = segment[p.cluster]
        guard let g = glyph(v, of: key, in: table, color: false) else {
          pen += p.advance + track
          continue
        }
        var x = pen + p.offsetX + g.offsetX * scale
        var advance = p.advance
        if digitCell > 0, (48...57).contains(v) {
          x += (digitCell - advance) / 2
          advance = digitCell
        }
        if g.width > 0 {
          placed.append(
            PositionedGlyph(
              rect: Rect(x: x, y: dy + p.offsetY, width: g.width * scale, height: g.height * scale), uv: g.uv,
              isColor: false))
        }
        pen += advance + track
      }
    }

    for (i, s) in scalars.enumerated() {
      let v = s.value
      if v == 0xFE0F || v == 0x200D || v == 0xFE0E { continue }
      let wantsEmoji = i + 1 < scalars.count && scalars[i + 1].value == 0xFE0F
      let isEmojiRange = v >= 0x1F000 || (0x2600...0x27BF).contains(v) && wantsEmoji
      let inPrimary = TTF_GlyphIsProvided32(primary, v) != 0
      if let ep = emojiPath, isEmojiRange || wantsEmoji || !inPrimary,
        let ef = fontFaces.open(FaceKey(path: ep, pixels: Self.emojiStrike)),
        TTF_GlyphIsProvided32(ef, v) != 0,
        let g = glyph(GlyphKey(face: FaceKey(path: ep, pixels: Self.emojiStrike), scalar: v), color: true)
      {
        flush()
        // Fit the 109 px strike to the text's line height. Smaller, from a copy area-filtered
        // down to that height when the size is steady: drawn 1:1, it is a plain blit, sharp,
        // and clippable. Larger, the strike itself is drawn magnified: a copy scaled up holds
        // no more detail than the strike, and at the articles' 4× faces it would take a 2048²
        // atlas (32 MB with the CPU renderer's premultiplied copy) for 13 emoji.
        let k = lineHeight / g.height
        let target = Int(lineHeight.rounded())
        var (uv, w, h) = (g.uv, g.width * k, lineHeight)
        var visible = Rect(x: 0, y: 0, width: 1, height: 1)
        if target < Int(g.height), sizes.admitsExactSize(target, path: ep + "#resampled"),
          let r = resampled(GlyphKey(face: FaceKey(path: ep, pixels: Self.emojiStrike), scalar: v), g, height: target)
        {
          // Its own size, within half a pixel of the asked one, so it is copied 1:1.
          (uv, w, h) = (r.uv, r.width, r.height)
        } else if let c = g.content, g.width > 0, g.height > 0 {
          // Magnified or turned: only the visible part of the strike is drawn.
          visible = Rect(
            x: Double(c.x0) / g.width, y: Double(c.y0) / g.height, width: Double(c.x1 - c.x0) / g.width,
            height: Double(c.y1 - c.y0) / g.height)
        }
        placed.append(
          PositionedGlyph(rect: Rect(x: pen, y: 0, width: w, height: h), uv: uv, isColor: true, visible: visible))
        pen += g.advance * k + track
        continue
      }
      if emojiPath == nil, isEmojiRange || wantsEmoji, !inPrimary {
        flush()
        // No emoji font and no glyph: leave the emoji out (as the warning says) but keep its
        // room, so the text around it does not shift when the font is installed.
        pen += lineHeight + track
        continue
      }
      // Most characters are in the primary face: only a change of face compares matches.
      if inPrimary {
        if !segmentIsPrimary {
          flush()
          segmentFace = match
          segmentIsPrimary = true
        }
      } else {
        // The request is built only for a character the font lacks, once per layout.
        let r = request ?? FontLocator.request(for: font)
        request = r
        let f = FontLocator.fallback(for: v, like: r) ?? match
        if f != segmentFace {
          flush()
          segmentFace = f
          segmentIsPrimary = f == match
        }
      }
      segment.append(v)
    }
    flush()
    return GlyphRun(glyphs: placed, size: Size(width: pen, height: lineHeight))
  }

  /// The widest digit's advance in pixels: the cell every digit of tabular text takes.
  private func digitAdvance(_ key: FaceKey, _ table: FaceGlyphs, pixelSize: Double, scale: Double) -> Double {
    var widest = 0.0
    for d in UInt32(48)...57 {
      if let a = shaper.advance(of: d, path: key.path, index: key.index, pixelSize: pixelSize) {
        widest = max(widest, a)
      } else if let g = glyph(d, of: key, in: table, color: false) {
        widest = max(widest, g.advance * scale)
      }
    }
    return widest
  }
}
