"""The studio's name for the comment-keeping span editor, which now lives in
`playaid.yaml_edit` so that `playaid roll --apply` writes the GM's files the same way."""

from ..yaml_edit import EditRefused, remove_value, set_value, value_at

__all__ = ["EditRefused", "remove_value", "set_value", "value_at"]
