"""Words of the page's own notices (merged into :data:`tm.web.i18n.EN`): the guard at the
page's edge, saved games that cannot be opened, other tabs, leaving with unsaved moves and
the work in progress."""
from __future__ import annotations

EN_PAGE: dict[str, str] = {
    # the guard: an unexpected error while handling something
    "fault.title": "Something went wrong while {what}.",
    "fault.body": "The page still works and your saved games are untouched. If it happens "
                  "again, copy the details and send them with a description of what you did.",
    "fault.copy": "Copy details",
    "fault.copied": "Details copied",
    "fault.details": "Details",
    "fault.dismiss": "Dismiss",
    "fault.reload": "Reload the page",
    "fault.what.event": "handling what you did",
    "fault.what.boot": "starting the page",
    "fault.what.link": "opening the link",
    "fault.what.storage": "following another tab",
    "fault.what.file": "reading the file",
    # saved games and files that cannot be opened
    "saved.bad": "That saved game cannot be opened: {reason}. Your other saved games are "
                 "untouched.",
    "import.bad": "That file cannot be opened as a game: {reason}. Your saved games are "
                  "untouched.",
    "import.too_large": "That file is too large to be a saved game ({size} MB; a saved game "
                        "is far smaller). Your saved games are untouched.",
    "link.not_allowed": "the game it describes is not allowed ({reason})",
    # other tabs on the same saved game
    "tabs.newer": "This game was also played in another tab, and the saved copy now has moves "
                  "this tab does not. This tab's last moves are not saved.",
    "tabs.deleted": "This game was deleted in another tab. It is no longer saved on this "
                    "device.",
    "tabs.reload": "Load the newer game",
    "tabs.copy": "Keep this one as a copy",
    "tabs.updated": "This game was continued in another tab: it now shows the latest moves.",
    "tabs.copied": "This game is now saved as a separate copy; the other one is unchanged.",
    # a new version of the site took over this tab's offline worker (tm/web/page_boot.py)
    "update.ready": "A new version of the game is ready — reload to use it. Your game is "
                    "saved and goes on where you are.",
    "update.reload": "Reload",
    "update.later": "Later",
    # leaving a game whose last moves are not saved
    "leave.ask": "The last moves of this game are not saved ({why}). Leave it anyway?",
    "leave.why.full": "this browser's storage is full",
    "leave.why.newer": "another tab saved other moves",
    "leave.why.deleted": "it was deleted in another tab",
    "leave.export": "Export this game first",
    "leave.confirm": "Leave without saving",
    "leave.stay": "Stay",
    # work that takes a moment
    "busy.link": "Opening the shared game…",
    "busy.seat": "Taking your seat…",
    "busy.continue": "Loading the saved game…",
    "busy.import": "Reading the file…",
    "busy.share": "Making the link…",
    "busy.audit": "Checking the game…",
    "busy.progress": "{done} of {total}",  # how far a long piece of work got (the audit)
    "busy.replay": "Preparing the replay…",
    "busy.branch": "Setting up the new game…",
    # before Python is up: the line at the foot of the prerendered screen, and a Start
    # pressed then (scripts/build_site.py writes them into the page for static/kept.js)
    "boot.starting": "Starting the game…",
    "boot.queued": "Starting as soon as the game engine is loaded…",
}
