"""Why something was refused, in the player's language.

The engine's errors carry a :class:`tm.core.errors.Reason` (English text, a key and values); the
page says it by ``err.<key>`` of the catalog (tm/web/i18n_errors.py). An error raised with
plain text is shown as it is.
"""
from __future__ import annotations

from typing import Any

from tm.core.errors import IllegalMove, Reason, reason_of
from tm.web.i18n import has, t

# Values that name a word of the catalog rather than being shown as they are.
_WORDS = {"resource": "res.", "offer": "setup.offer."}


def error_text(error: BaseException | Reason) -> str:
    """``error`` (or a reason) said in the current language; its text when it has no key."""
    found = error if isinstance(error, Reason) else reason_of(error)
    if found is None or not has("err." + found.key):
        return str(error)
    text = t("err." + found.key, **{k: _value(k, v) for k, v in found.values.items()})
    if isinstance(error, IllegalMove) and error.rule:  # as str(error) cites the rule
        text = f"{text} ({error.rule})"
    return text


def _value(field: str, value: Any) -> Any:
    if isinstance(value, (BaseException, Reason)):  # a cause, itself a reason
        return error_text(value)
    prefix = _WORDS.get(field)
    if prefix and isinstance(value, str) and has(prefix + value):
        return t(prefix + value)
    return value
