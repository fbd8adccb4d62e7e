"""The joint shuffle as one device takes part in it: its steps, the hand-offs it sends on,
and the checks of those it receives (the base of :class:`~tm.fairdeck.device.Device`)."""
from __future__ import annotations

from tm.fairdeck import generations
from tm.fairdeck.fields import DeviceFields
from tm.fairdeck.held import Caught, DeviceError, Holding
from tm.fairdeck.shuffle import ShuffleError, Step, check_step, running_step, schedule
from tm.fairdeck.wire import HandOff
from tm.fairdeck.work import Work, finish


class Joining(DeviceFields):
    """A device's part in the first joint shuffle of every deck (the device sets the
    fields; see :class:`~tm.fairdeck.device.Device`)."""

    def _generation(self, deck: str) -> Holding | None:
        raise NotImplementedError

    def _olds(self, deck: str) -> generations.OldKeysOf:
        raise NotImplementedError

    def _first(self) -> list[Holding]:
        return [self._decks[deck] for deck in self._initial]

    def steps_done(self) -> int:
        """How many steps of the joint shuffle this device holds."""
        return len(next(iter(self._decks.values())).transcript.outputs)

    def next_step(self) -> Step | None:
        """The shuffle's next step (whoever's), or None once every deck is locked."""
        return next(iter(self._decks.values())).transcript.next_step()

    def my_step(self) -> Step | None:
        """The step this seat must run now, or None if it is not its turn."""
        step = self.next_step()
        return step if step is not None and step.seat == self.seat else None

    @property
    def locked(self) -> bool:
        """Whether the shuffle is over (every deck locked)."""
        return self.next_step() is None

    def step(self) -> HandOff:
        """Run this seat's step on every deck; the hand-off to send on. It carries every
        output the receiver has not seen (since its own last step): the next step's seat,
        or, after the last step, every other seat."""
        return finish(self.stepping())

    def stepping(self) -> Work[HandOff]:
        """:meth:`step` as work in slices (a unit per card of each deck)."""
        if self.my_step() is None:
            raise DeviceError(f"not seat {self.seat}'s turn to shuffle")
        for deck in self._first():
            yield from running_step(deck.transcript, deck.keys)
        steps, done = schedule(self.seats), self.steps_done()
        receivers = [steps[done].seat] if done < len(steps) else [
            s for s in range(self.seats) if s != self.seat]
        since = min(max((i + 1 for i in range(done) if steps[i].seat == s), default=0)
                    for s in receivers)
        return self.handoff(since)

    def handoff(self, since: int = 0) -> HandOff:
        """The shuffle's outputs from step ``since`` on, as a message."""
        done = self.steps_done()
        if not 0 <= since < done:
            raise DeviceError("no such steps")
        outputs = tuple(tuple(d.transcript.outputs[i] for d in self._first())
                        for i in range(since, done))
        return HandOff(self.group.name, self.seat, self.seats, since, self._initial, outputs,
                       self.version)

    def _take_handoff(self, message: HandOff) -> None:
        """Check and keep the steps this device lacks; a step it holds must come again
        unchanged (a seat that sent two devices two different decks is caught)."""
        if message.decks != self._initial and len(message.decks) == 1:
            deck = message.decks[0]
            generations.take(self._generation(deck), message, self._olds(deck))
            return
        sizes = tuple(len(d.names) for d in self._first())
        if (message.group != self.group.name or message.seats != self.seats
                or message.decks != self._initial
                or tuple(len(x) for x in message.outputs[0]) != sizes):
            raise Caught(message.seat, "a hand-off for another game")
        steps, last = schedule(self.seats), message.first + len(message.outputs) - 1
        if last >= len(steps) or steps[last].seat != message.seat:
            raise Caught(message.seat, "a hand-off of a step not its own")
        if message.first > self.steps_done():
            raise DeviceError(f"steps {self.steps_done()}..{message.first - 1} are missing")
        for index, outputs in enumerate(message.outputs, start=message.first):
            held = index < self.steps_done()
            for deck, after in zip(self._initial, outputs, strict=True):  # all checked first
                self._check_output(deck, index, steps[index], after, message.seat)
            for holding, after in zip(self._first(), outputs if not held else (),
                                      strict=False):
                holding.transcript.outputs.append(after)

    def _check_output(self, deck: str, index: int, step: Step, after: tuple[int, ...],
                      sender: int) -> None:
        transcript = self._decks[deck].transcript
        if index < len(transcript.outputs):
            if transcript.outputs[index] != after:  # the sender, or the step's author
                raise Caught(sender, f"step {index + 1} (seat {step.seat}'s) differs from"
                             " the copy this device holds", deck)
            return
        try:
            check_step(self.group, step, transcript.last(), after)
        except ShuffleError as error:
            raise Caught(step.seat, f"a malformed step ({error})", deck) from error
