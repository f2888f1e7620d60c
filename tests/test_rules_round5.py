"""Rules faithfulness, round 5 (issue 37): an odds answer in the outcomes `roll` reports, the
Sapio talent Usually Bloody, two rulings, and three smaller fixes. Each test names the rule
text it holds the tool to."""

from __future__ import annotations

import yaml

from conftest import EXAMPLES, roll_json
from test_sapio_play import HIT
from test_sapio_sequences import ROUND_1, table as sapio_table


# -- item 5: a sequence turn's own fields do not carry into the next turn's frame ---------------

def test_the_next_turns_frame_drops_the_previous_turns_tn(files, run, tmp_path):
    # the GM sets a TN for each check; the next focal character's check is a new one
    path = sapio_table(files, ROUND_1, f"character: Ines Varga\ntn: 4\naction: Hold the door\n"
                                       f"invoke: {{quality: Stern}}\ndice: [{HIT}, {HIT}]\n")
    out = tmp_path / "next"
    applied = run("roll", path, "--apply", "--out", out)
    assert applied.exit_code == 0, applied.output
    written = yaml.safe_load((out / "scene.yaml").read_text(encoding="utf-8"))
    assert written["character"] == "Wren Halloway"
    assert not {"tn", "action", "invoke", "dice"} & set(written)
    # rolled as it stands, the frame asks the GM for the new turn's TN instead of reusing Ines's
    again = run("roll", out / "scene.yaml", "--seed", "1")
    assert again.exit_code == 1 and "tn" in again.output
    frame = (out / "scene.yaml").read_text(encoding="utf-8")
    (out / "scene.yaml").write_text(frame + "tn: 2\n", encoding="utf-8")
    assert roll_json(run, out / "scene.yaml", "--seed", "1")["outcome"] in ("success", "failure")
