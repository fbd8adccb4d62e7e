"""The tiny font that draws "日本語" on the language buttons of a page in any language.

    python scripts/build_langfont.py            # rewrite static/langname-ja.woff2
    python scripts/build_langfont.py --check    # exit 1 when it is out of date

The language choosers (the rules page's and the card list's links, the game's language
select) name Japanese in Japanese. A system without a Japanese font draws boxes there, and
the page in English must not fetch the Japanese web font (a slice of it is tens of KB,
and the CSP allows no data: fonts). So this takes just the three glyphs from the vendored
Noto Sans JP (weight 400, the slices scripts/build_fonts.py copies; SIL Open Font License
1.1, static/vendor/noto-sans-jp-<version>/LICENSE) into one WOFF2 of about a kilobyte,
committed (the site's build has no fontTools: it is a development tool,
requirements-dev.txt). app.css and the rules page's style name it in an @font-face whose
unicode-range is these three characters only, so nothing else is drawn with it.
"""
from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.build_fonts import folder  # noqa: E402

TEXT = "日本語"
OUT = ROOT / "static" / "langname-ja.woff2"
SLICES_CSS = ROOT / "node_modules" / "@fontsource" / "noto-sans-jp" / "400.css"
FACE = re.compile(r"/\* noto-sans-jp-\[(\d+)\]-400-normal \*/\s*@font-face\s*\{(.*?)\}", re.S)
RANGE = re.compile(r"unicode-range:\s*([^;]+);")


def slice_of(char: str, css: str) -> int:
    """The number of the 400 slice whose unicode-range holds ``char``."""
    code = ord(char)
    for number, body in FACE.findall(css):
        found = RANGE.search(body)
        for part in (found.group(1).split(",") if found else ()):
            first, _, last = part.strip().removeprefix("U+").partition("-")
            if int(first, 16) <= code <= int(last or first, 16):
                return int(number)
    raise SystemExit(f"no slice of Noto Sans JP holds {char!r}")


def built() -> bytes:
    """The WOFF2 bytes: each character's glyph cut from its slice, the cuts merged."""
    css = SLICES_CSS.read_text(encoding="utf-8")
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # (the copyright and licence kept)
    options.hinting = False
    cuts = []
    for char in TEXT:
        font = TTFont(ROOT / folder() / f"noto-sans-jp-{slice_of(char, css)}-400-normal.woff2")
        cutter = subset.Subsetter(options)
        cutter.populate(text=char)
        cutter.subset(font)
        dated = font["head"].modified  # (the merge would date the result now)
        font.flavor = None
        font.recalcTimestamp = False
        cut = io.BytesIO()
        font.save(cut)
        cut.seek(0)
        cuts.append(cut)
    merged = Merger().merge(cuts)
    merged.recalcTimestamp = False  # (the same bytes every run: dated as the sources)
    merged["head"].created = merged["head"].modified = dated
    merged.flavor = "woff2"
    out = io.BytesIO()
    merged.save(out)
    return out.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only report, exit 1 if stale")
    args = parser.parse_args()
    data = built()
    if OUT.is_file() and OUT.read_bytes() == data:
        return 0
    if args.check:
        print(f"out of date: {OUT.relative_to(ROOT)}")
        return 1
    OUT.write_bytes(data)
    print(f"wrote {OUT.relative_to(ROOT)} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
