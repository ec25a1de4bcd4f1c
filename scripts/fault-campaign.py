#!/usr/bin/env python3
"""Fault campaign: runs `utter host` and `utter keyboard` as real processes under faults, many times, and prints
a table of faults x trials x outcomes (lost, inserted twice, wedged). Not a test: the tests in Tests/ prove each
behaviour once; this measures how often it holds when the fault strikes at random moments.

usage: scripts/fault-campaign.py [--trials N] [--utter PATH] [--seed S]
"""
import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Workspace:
    def __init__(self, utter, text):
        self.utter = utter
        self.dir = tempfile.mkdtemp(prefix="utter-faults-")
        self.container = os.path.join(self.dir, "container")
        self.data = os.path.join(self.dir, "data")
        self.mic = os.path.join(self.dir, "speech.wav")
        subprocess.run(["espeak-ng", "-w", self.mic + ".raw.wav", text], check=True, capture_output=True)
        # Two seconds of silence after the words, as a user pauses before tapping done.
        subprocess.run(["sox", "-D", self.mic + ".raw.wav", "-r", "16000", "-c", "1", self.mic, "pad", "0.3", "2"],
                       check=True, capture_output=True)
        self.host = None
        self.host_log = os.path.join(self.dir, "host.log")

    def start_host(self, speed=1):
        mark = self.log_size()
        log = open(self.host_log, "a")
        self.host = subprocess.Popen(
            [self.utter, "host", "--container", self.container, "--data-dir", self.data, "--mic", self.mic,
             "--mic-speed", str(speed), "--keyboard-gone-after", "3"],
            stdout=subprocess.DEVNULL, stderr=log)
        return self.wait_log("ready", 120, mark)

    def wait_log(self, text, timeout, start=0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(self.host_log, errors="replace") as f:
                if text in f.read()[start:]:
                    return True
            if self.host and self.host.poll() is not None:
                return False
            time.sleep(0.05)
        return False

    def log_size(self):
        return os.path.getsize(self.host_log) if os.path.exists(self.host_log) else 0

    def keyboard(self, script, timeout=120):
        return subprocess.run([self.utter, "keyboard", "--container", self.container, "--script", script],
                              capture_output=True, text=True, timeout=timeout)

    def start_keyboard(self, script):
        return subprocess.Popen([self.utter, "keyboard", "--container", self.container, "--script", script],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def stop_host(self):
        if self.host and self.host.poll() is None:
            self.host.send_signal(signal.SIGTERM)
            try:
                self.host.wait(60)
            except subprocess.TimeoutExpired:
                self.host.kill()
                self.host.wait()

    def history(self):
        path = os.path.join(self.data, "utter.sqlite")
        if not os.path.exists(path):
            return []
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return db.execute("select uuid, status, finalText from history").fetchall()

    def remove(self):
        self.stop_host()
        shutil.rmtree(self.dir, ignore_errors=True)


def words(text):
    return text.strip()


def host_kill(utter, trials, rng):
    """kill -9 of the app 0-4 s into a recording; the next start must keep what was said."""
    lost = twice = wedged = spoken = 0
    for _ in range(trials):
        ws = Workspace(utter, "The app was killed while I was speaking about the budget.")
        try:
            if not ws.start_host():
                wedged += 1
                continue
            mark = ws.log_size()
            kb = ws.start_keyboard("start; wait 4; stop; wait-insert 20")
            if not ws.wait_log("recording dictation", 60, mark):
                wedged += 1
                continue
            delay = rng.uniform(0.0, 4.0)
            time.sleep(delay)
            ws.host.kill()
            ws.host.wait()
            first, _ = kb.communicate(timeout=120)
            # Words start 0.3 s into the recording: a kill before 0.8 s has nothing to keep.
            said = delay >= 0.8
            spoken += said
            if not ws.start_host():
                wedged += 1
                continue
            second = ws.keyboard("wait 2")
            ws.stop_host()
            rows = ws.history()
            inserted = [o for o in (first, second.stdout) if words(o)]
            if said and not rows:
                lost += 1
                print(f"  lost after {delay:.2f} s: {ws.host_log}", file=sys.stderr)
                shutil.copy(ws.host_log, f"/tmp/fault-lost-{time.time():.0f}.log")
            if len(inserted) > 1 or len(rows) > 1:
                twice += 1
        finally:
            ws.remove()
    return f"killed 0-4 s into the recording; {spoken} after words", lost, twice, wedged


def keyboard_kill(utter, trials, rng):
    """kill -9 of the keyboard at a random moment; the words reach the next keyboard, once, and history."""
    lost = twice = wedged = 0
    for _ in range(trials):
        ws = Workspace(utter, "The keyboard went away in the middle of this sentence.")
        try:
            if not ws.start_host():
                wedged += 1
                continue
            kb = ws.start_keyboard("start; wait 4; stop; wait-insert 30")
            time.sleep(rng.uniform(0.3, 8.0))
            kb.kill()
            first, _ = kb.communicate()
            # The app stops a recording whose keyboard went silent, then delivers to the next keyboard.
            ws.wait_log("delivered dictation", 60)
            second = ws.keyboard("wait-insert 20")
            rows = ws.history()
            inserted = [o for o in (first, second.stdout) if words(o)]
            # The session carries on: a new dictation from a new keyboard still works.
            after = ws.keyboard("start; wait 3; stop; wait-insert 40")
            ws.stop_host()
            if not rows:
                lost += 1
            if len(inserted) > 1:
                twice += 1
            if not words(after.stdout):
                wedged += 1
        finally:
            ws.remove()
    return "killed at 0.3-8 s; then a new dictation", lost, twice, wedged


def two_keyboards(utter, trials, rng):
    """Two keyboard processes open (iOS keeps old extensions alive): one dictation lands in one field."""
    lost = twice = wedged = 0
    for _ in range(trials):
        ws = Workspace(utter, "Only one of the two fields gets these words.")
        try:
            if not ws.start_host():
                wedged += 1
                continue
            other = ws.start_keyboard("wait-insert 20")
            time.sleep(rng.uniform(0, 0.5))
            mine = ws.keyboard("start; wait 3; stop; wait-insert 20")
            other_out, _ = other.communicate(timeout=120)
            ws.stop_host()
            inserted = [o for o in (mine.stdout, other_out) if words(o)]
            if not inserted:
                lost += 1
            if len(inserted) > 1:
                twice += 1
        finally:
            ws.remove()
    return "second keyboard waiting", lost, twice, wedged


def lost_acknowledgement(utter, trials, rng):
    """The keyboard dies after inserting, before its acknowledgement is written (commands.json lost)."""
    lost = twice = wedged = 0
    for _ in range(trials):
        ws = Workspace(utter, "Inserted exactly once.")
        try:
            if not ws.start_host():
                wedged += 1
                continue
            first = ws.keyboard("start; wait 2.5; stop; wait-insert 30")
            ws.stop_host()
            os.remove(os.path.join(ws.container, "commands.json"))
            ws.start_host()
            second = ws.keyboard("wait 2")
            ws.stop_host()
            inserted = [o for o in (first.stdout, second.stdout) if words(o)]
            lost += not inserted
            twice += len(inserted) > 1
        finally:
            ws.remove()
    return "ack removed, app restarted", lost, twice, wedged


def forged_sequence(utter, trials, rng):
    """A hostile command with seq 2^52 in the shared folder; later dictations must still work."""
    lost = twice = wedged = 0
    for _ in range(trials):
        ws = Workspace(utter, "Still working after a forged command.")
        try:
            if not ws.start_host():
                wedged += 1
                continue
            state = json.load(open(os.path.join(ws.container, "state.json")))
            forged = {"commands": [{"seq": 2 ** 52, "sessionID": state["sessionID"], "kind": "cancel",
                                    "sentAt": time.time()}]}
            with open(os.path.join(ws.container, "commands.json"), "w") as f:
                json.dump(forged, f)
            time.sleep(rng.uniform(0.2, 1.5))
            out = ws.keyboard("start; wait 3; stop; wait-insert 40")
            ws.stop_host()
            if not words(out.stdout):
                wedged += 1
        finally:
            ws.remove()
    return "then a dictation", lost, twice, wedged


def deleted_comes_back(utter, trials, rng):
    """A dictation deleted from history (its spool left by a crash) must not come back at the next start."""
    lost = twice = wedged = 0
    came_back = recovered = 0
    for _ in range(trials):
        ws = Workspace(utter, "Delete this one for good.")
        try:
            ws.start_host()
            kb = ws.start_keyboard("start; wait 5")
            ws.wait_log("recording dictation", 60)
            time.sleep(rng.uniform(2.0, 3.5))
            ws.host.kill()
            ws.host.wait()
            kb.kill()
            kb.communicate()
            ws.start_host()  # recovers the spool into history
            ws.stop_host()
            recovered += len(ws.history()) > 0
            subprocess.run([utter, "history", "delete", "--all", "--data-dir", ws.data], capture_output=True)
            ws.start_host()
            ws.stop_host()
            came_back += len(ws.history()) > 0
        finally:
            ws.remove()
    return f"{recovered} recovered, deleted; {came_back} came back", trials - recovered, twice, wedged


FAULTS = [
    ("host kill -9 at a random moment", host_kill),
    ("keyboard kill -9 at a random moment", keyboard_kill),
    ("two keyboard processes open", two_keyboards),
    ("acknowledgement lost", lost_acknowledgement),
    ("forged command seq 2^52", forged_sequence),
    ("history deleted after a crash", deleted_comes_back),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--utter", default=os.path.join(ROOT, ".build", "debug", "utter"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="run only faults whose name contains this")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("| fault | trials | detail | lost | inserted twice | wedged |")
    print("|---|---|---|---|---|---|")
    for name, run in FAULTS:
        if args.only and args.only not in name:
            continue
        started = time.monotonic()
        detail, lost, twice, wedged = run(args.utter, args.trials, rng)
        print(f"| {name} | {args.trials} | {detail} | {lost} | {twice} | {wedged} |", flush=True)
        print(f"  ({time.monotonic() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
