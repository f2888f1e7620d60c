"""A chosen radio button shows a dot inside its printed ring (issue 39, item 4): the
"on" appearance of Isolation's health group, read from the PDF, no longer fills the
whole button."""

from __future__ import annotations

import pikepdf

from conftest import contract_example

SHARE = 0.7
"""The widest a dot may be, as a share of its button: a disc as wide as the ring is a blot."""


def _on_shapes(path) -> list[float]:
    """For each radio button's "on" appearance: the drawn shape's width over the button's."""
    out = []
    with pikepdf.open(path) as pdf:
        for field in pdf.Root.AcroForm.Fields:
            if field.get("/FT") != "/Btn" or "/Kids" not in field:
                continue
            for kid in field.Kids:
                x0, _, x1, _ = (float(v) for v in kid.Rect)
                for state, stream in kid.AP.N.items():
                    if state == "/Off":
                        continue
                    # the x of every point of the path (moveto and curveto operands alternate x, y)
                    xs = [float(v) for line in stream.read_bytes().decode("latin-1").splitlines()
                          if line.endswith((" m", " c", " l")) for v in line.split()[:-1:2]]
                    out.append((max(xs) - min(xs)) / abs(x1 - x0))
    return out


def test_a_chosen_health_step_shows_a_dot(tmp_path, run):
    character = contract_example("isolation/alice.yaml")
    result = run("sheet", str(character), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    [path] = tmp_path.glob("*.pdf")
    shares = _on_shapes(path)
    assert shares and max(shares) <= SHARE, shares


def test_fight_spheres_drive_and_state_are_each_one_choice(tmp_path, run):
    """Issue 39, item 4: Drive and State were check boxes, so two could be ticked at once."""
    character = contract_example("fight-sphere/bo.yaml")
    result = run("sheet", str(character), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    [path] = tmp_path.glob("*.pdf")
    radio = 1 << 15
    with pikepdf.open(path) as pdf:
        groups = {str(f.T).rsplit("_", 1)[-1]: len(f.Kids) for f in pdf.Root.AcroForm.Fields
                  if f.get("/FT") == "/Btn" and int(f.get("/Ff", 0)) & radio and "/Kids" in f}
        boxes = [str(f.T) for f in pdf.Root.AcroForm.Fields
                 if f.get("/FT") == "/Btn" and not int(f.get("/Ff", 0)) & radio]
    assert groups.get("drive") == 2 and groups.get("state") == 4, groups
    assert not [name for name in boxes if "_drive_" in name or "_state_" in name], boxes
    assert _on_shapes(path) and max(_on_shapes(path)) <= SHARE
