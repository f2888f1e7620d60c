"""Text from input files made safe to show: on a terminal, in a message, in a file name.

Whatever a file holds ends up quoted in problems and echoed to a terminal, or turned
into the name of a file we write. These helpers are the only place that decides how
such text is shortened, escaped and slugged.
"""

from __future__ import annotations

import re
import unicodedata

QUOTE_LIMIT = 60
"""Characters of a quoted user value kept in a message; the line it stands on is enough
for the user to find the rest."""

FIELD_LIMIT = 1000
"""A whole message or hint is cut here, whatever it quotes."""

_UNDECOMPOSED = str.maketrans({"đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "ı": "i",
                              "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "Th"})
"""Latin letters Unicode does not split into a base letter and a mark."""

_GREEK = {"α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i", "κ": "k",
          "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "ς": "s", "τ": "t",
          "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o"}
"""Greek letters (accents taken off first) to Latin, after ELOT 743's plain letters: a
Greek name's files and form fields are named in ASCII, which every file system, archive
and PDF viewer keeps whole; the name shown on the page stays Greek."""
_GREEK_OU = re.compile("[οΟ][υύΥΎ]")
"""Greek "ου" is one sound, written "ou"."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CONTROL_AND_LINES = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_C1 = re.compile(r"[\x7f-\x9f]")
_LONG_QUOTE = re.compile(r"`([^`]{%d})[^`]+`" % QUOTE_LIMIT)


def _escape(match: re.Match) -> str:
    return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(match[0]) or f"\\x{ord(match[0]):02x}"


def terminal(text: str, *, lines: bool = True) -> str:
    """`text` with control characters shown as visible escapes (`\\x1b`), so a file cannot
    move the cursor, retitle the window or hide text. Newlines and tabs stay when
    `lines`; otherwise they are escaped too, so one value cannot fake a second line.

    >>> terminal("a\\x1b]0;owned\\x07b")
    'a\\\\x1b]0;owned\\\\x07b'
    """
    return (_CONTROL if lines else _CONTROL_AND_LINES).sub(_escape, text)


def _at_a_word(kept: str) -> str:
    """`kept` ended at its last space, so a shortened quote never ends mid-word (mid-name);
    a quote of one long word is cut where it must be."""
    head, space, _ = kept.rpartition(" ")
    return head.rstrip(" ,;/") if space and len(head) >= QUOTE_LIMIT // 2 else kept


def clip(text: str) -> str:
    """`text` with every `quoted` value longer than `QUOTE_LIMIT` shortened with "…",
    and the whole cut at `FIELD_LIMIT` characters."""
    text = _LONG_QUOTE.sub(lambda m: f"`{_at_a_word(m[1])}…`", text)
    return text if len(text) <= FIELD_LIMIT else text[:FIELD_LIMIT] + "…"


def shown(text: str) -> str:
    """One field of a message (a file name, a message, a hint) as printed: clipped, on one line."""
    return terminal(clip(text), lines=False)


def path_shown(path) -> str:
    """A path as every command prints it ("wrote PATH"): whole, on one line, with control
    characters as escapes, so an `--out` typed or set in `playaid.toml` cannot drive the terminal."""
    return terminal(str(path), lines=False)


def json_safe(text: str) -> str:
    """JSON text with the C1 controls `json.dumps(ensure_ascii=False)` leaves raw escaped
    as `\\u0080`-style; they can only stand inside strings, so the JSON stays the same."""
    return _C1.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


def slug(text: str, limit: int = 32, fallback: str = "sheet") -> str:
    """A file-name-safe id: Latin and Greek letters transliterated to ASCII (`Zoë` → `zoe`,
    `Ωμέγα` → `omega`), other scripts kept as they are, anything else a hyphen; cut at a
    word boundary to at most `limit` characters. Only text without letters or digits
    gives `fallback`.

    >>> slug("Dana O'Kafor"), slug("Ωμέγα Zoë"), slug("佐藤 花子"), slug("!!")
    ('dana-okafor', 'omega-zoe', '佐藤-花子', 'sheet')
    """
    out: list[str] = []
    text = _GREEK_OU.sub("ou", re.sub(r"['’]", "", text))
    for ch in unicodedata.normalize("NFC", text.translate(_UNDECOMPOSED)):
        base = unicodedata.normalize("NFKD", ch.lower())[:1]
        plain = _GREEK.get(base) or unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        kind = unicodedata.category(ch)[0]
        if plain:
            out.append(re.sub(r"[^a-z0-9]+", "-", plain.lower()))
        elif kind in "LN":
            out.append(ch.lower())
        elif kind == "M" and out and not out[-1].isascii():
            out.append(ch)  # a mark after a kept letter belongs to it (Devanagari vowels)
        else:
            out.append("-")
    cleaned = re.sub(r"-+", "-", "".join(out)).strip("-")
    if len(cleaned) > limit:
        cut = cleaned[:limit + 1]
        cleaned = cut[:cut.rfind("-")] if "-" in cut else cleaned[:limit]
    return cleaned.strip("-") or fallback


def setup_stem(path) -> str:
    """The name a setup's outputs start with (`farmhouse-packet.pdf`, `farmhouse-map.pdf`):
    its file name without the extension, made file-name-safe, so every command that makes
    files from one setup names them alike."""
    from pathlib import PurePath

    return slug(PurePath(path).stem, fallback="table")
