"""The campaign lives in its files: play writes back, a journal remembers, undo forgives.

`apply_result` writes a resolved roll (or event) into the GM's own files in place, as one
journalled step in the table folder's `.playaid/` (docs/journal.md); `undo` puts files
back byte for byte; `log` reads the journal as a session log. Only this package writes the
journal. The rules core never imports it.
"""

from .edits import FileChange
from .history import undo
from .lock import table_lock
from .result import DICE_FROM, apply_result, at_table
from .store import CampaignError, table_folder

__all__ = ["CampaignError", "DICE_FROM", "FileChange", "apply_result", "at_table", "table_folder", "table_lock", "undo"]
