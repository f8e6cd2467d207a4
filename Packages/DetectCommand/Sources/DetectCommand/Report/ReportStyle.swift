import FaceAnalysis

/// The report's one style sheet, inline in the page: light and dark (`prefers-color-scheme`)
/// colours as variables, a print layout (`@media print`, colours printed as they are), and a
/// class per emotion in the project's one palette (``EmotionPalette``) for bars, swatches and
/// the edges of face cards. Lanes and share bars are outlined, so that neutral's light gray
/// shows on a light page.
enum ReportStyle {
  /// The class that fills an SVG shape with `emotion`'s colour: `e-happy`.
  static func fillClass(_ emotion: Emotion) -> String { "e-\(emotion.rawValue)" }

  /// The class that colours a face card's edge with `emotion`'s colour: `b-happy`.
  static func borderClass(_ emotion: Emotion) -> String { "b-\(emotion.rawValue)" }

  /// `emotion`'s colour as CSS: `#e69f00`.
  static func color(_ emotion: Emotion) -> String {
    EmotionPalette.css(of: emotion)
  }

  /// A small square of `emotion`'s colour, for tables and the legend; hidden from screen
  /// readers, which read the emotion's name beside it.
  static func swatch(_ emotion: Emotion) -> String {
    "<svg class=\"swatch\" width=\"12\" height=\"12\" aria-hidden=\"true\">"
      + "<rect class=\"\(fillClass(emotion))\" width=\"12\" height=\"12\"/></svg>"
  }

  /// The whole style sheet.
  static var css: String {
    base + emotionRules + print
  }

  private static var emotionRules: String {
    Emotion.allCases.map { emotion in
      ".\(fillClass(emotion)){fill:\(color(emotion))}.grid .\(borderClass(emotion)){border-left-color:\(color(emotion))}\n"
    }.joined()
  }

  private static let base = """
    :root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1b;--muted:#5c5c5c;--line:#d4d4d4;\
    --card:#f6f6f6;--missing:#9a9a9a}
    @media (prefers-color-scheme:dark){:root{--bg:#151515;--fg:#e8e8e8;--muted:#a9a9a9;--line:#3b3b3b;\
    --card:#1e1e1e;--missing:#5a5a5a}}
    *{box-sizing:border-box}
    body{margin:0 auto;max-width:1120px;padding:24px;background:var(--bg);color:var(--fg);\
    font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
    h1{font-size:1.7em;margin:0 0 .4em}
    h2{font-size:1.3em;margin:0 0 .3em;overflow-wrap:anywhere}
    a{color:inherit}
    .kind{color:var(--muted);font-weight:normal;margin-right:.4em}
    .facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:4px 18px;margin:0 0 12px}
    .facts div{padding:4px 0;border-bottom:1px solid var(--line)}
    .facts dt{color:var(--muted);font-size:.85em}
    .facts dd{margin:0;overflow-wrap:anywhere}
    .legend{list-style:none;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:4px 16px}
    .swatch{vertical-align:-1px;margin-right:5px}
    nav ol{margin:4px 0;padding-left:1.4em;overflow-wrap:anywhere}
    section{margin:32px 0;padding-top:14px;border-top:2px solid var(--line)}
    .meta{color:var(--muted);margin:0 0 8px}
    table{border-collapse:collapse;width:100%;margin:8px 0 14px}
    table.counts{width:auto;min-width:340px}
    caption{text-align:left;font-weight:600;padding:4px 0}
    th,td{padding:6px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:middle}
    thead th{font-size:.85em;color:var(--muted);font-weight:600}
    .n{text-align:right;font-variant-numeric:tabular-nums}
    .thumb{display:block;width:72px;height:72px;border-radius:4px}
    .placeholder{fill:var(--missing)}
    .missing text{font-size:12px}
    svg text{fill:var(--fg)}
    .share{display:block;margin-bottom:2px}
    .share .rest{fill:none;stroke:var(--muted);stroke-width:1}
    .shares{font-size:.8em;color:var(--muted)}
    figure{margin:12px 0}
    figcaption{font-size:.85em;color:var(--muted)}
    svg.timeline{display:block;width:100%;height:auto}
    .lane{fill:none;stroke:var(--line);stroke-width:1}
    .axis{stroke:var(--muted);fill:none}
    .grid{list-style:none;padding:0;margin:8px 0;display:grid;\
    grid-template-columns:repeat(auto-fill,minmax(132px,1fr));gap:10px}
    .grid figure{margin:0;padding:6px 6px 6px 8px;height:100%;background:var(--card);border-radius:6px;\
    border-left:5px solid var(--line)}
    .grid .thumb{width:96px;height:96px}
    .grid figcaption{overflow-wrap:anywhere;color:var(--fg)}
    .grid .file{display:block;color:var(--muted);font-size:.9em}
    .more,.none{font-style:italic;color:var(--muted)}
    footer{margin-top:32px;color:var(--muted);font-size:.85em}

    """

  private static let print = """
    @media print{:root{--bg:#fff;--fg:#000;--muted:#444;--line:#bbb;--card:#fff;--missing:#999}\
    body{max-width:none;padding:0;font-size:10pt}nav{display:none}\
    *{print-color-adjust:exact;-webkit-print-color-adjust:exact}\
    tr,figure,.grid li,.facts div{break-inside:avoid}h2{break-after:avoid}\
    .grid{grid-template-columns:repeat(6,1fr)}}

    """
}
