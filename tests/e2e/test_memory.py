"""What the page keeps in memory once it has booted (scripts/bench_memory.py measures the
page's memory as it is played)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.conftest import SITE

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]

SNAPSHOT_MANIFEST = SITE / "static" / "build" / "snapshot.json"
# The ArrayBuffers' partition, as Chromium's memory-infra names it (newer versions account
# its allocated objects apart; Chromium 150 names only the partition).
ARRAY_BUFFERS = ("partition_alloc/allocated_objects/partitions/array_buffer",
                 "partition_alloc/partitions/array_buffer")


def _array_buffer_bytes(page: Any) -> int:
    """The bytes of every ArrayBuffer alive in the browser's renderers after a garbage
    collection (Chromium's own accounting: a memory-infra dump over DevTools)."""
    page.context.new_cdp_session(page).send("HeapProfiler.collectGarbage")
    cdp = page.context.browser.new_browser_cdp_session()
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda event: events.extend(event["value"]))
    cdp.on("Tracing.tracingComplete", lambda _event: done.append(True))
    cdp.send("Tracing.start", {"transferMode": "ReportEvents", "traceConfig": {
        "includedCategories": ["disabled-by-default-memory-infra"],
        "excludedCategories": ["*"], "memoryDumpConfig": {"triggers": []}}})
    assert cdp.send("Tracing.requestMemoryDump", {"levelOfDetail": "detailed"})["success"]
    cdp.send("Tracing.end")
    for _ in range(400):  # (the events arrive while the driver waits)
        if done:
            break
        page.wait_for_timeout(50)
    cdp.detach()
    assert done, "no memory dump came"
    sizes = []
    for event in events:
        allocators = event["args"]["dumps"].get("allocators", {}) \
            if event.get("ph") == "v" else {}
        name = next((name for name in ARRAY_BUFFERS if name in allocators), None)
        if name is not None:
            size = allocators[name].get("attrs", {}).get("size", {}).get("value", "0")
            sizes.append(int(size, 16))
    assert sizes, "no renderer's array buffers in the dump"
    return sum(sizes)


def test_a_page_restored_from_the_snapshot_lets_go_of_its_buffer(page: Any, boot: Any
                                                                 ) -> None:
    if not SNAPSHOT_MANIFEST.is_file():
        pytest.skip("no snapshot built (run `make setup`)")
    snapshot_bytes = json.loads(SNAPSHOT_MANIFEST.read_text())["bytes"]
    boot(page, "?boot=snapshot")
    assert page.evaluate("document.documentElement.dataset.snapshot") == "restored"
    # Python's memory is a WebAssembly memory, not an ArrayBuffer of this accounting: what
    # is left is the runtime's files (the standard library, the engine), a few MB.
    assert _array_buffer_bytes(page) < snapshot_bytes // 2
