#!/usr/bin/env python3
"""Drives a program through a pseudo-terminal for the interactive tests (standard library only).

Usage: pty_driver.py COLUMNS ROWS PROGRAM [ARGUMENT...]   (the script of steps on stdin)

Opens a pseudo-terminal of COLUMNS x ROWS, runs PROGRAM on it as a session leader with the
terminal as its controlling terminal, and keeps a small VT100 screen (cursor moves, erase,
wide characters; styles ignored) of what PROGRAM writes. Steps (a JSON list on stdin):

  {"send": "text"}                write the text (UTF-8) to the terminal, then pause 60 ms
  {"wait": "text", "timeout": S}  until the screen shows the text (fails after S seconds), then
                                  until the output pauses (0.1 s, at most 0.5 s): a whole frame
  {"wait": "text", "row": R, ...} the same, with the text on row R (0-based; negative counts
                                  from the bottom): a frame drawn down to that row, however slowly
  {"gone": "text", "timeout": S}  until the screen no longer shows the text, then the same pause
  {"resize": [COLUMNS, ROWS]}     TIOCSWINSZ on the terminal, then SIGWINCH to PROGRAM
  {"signal": N}                   send signal N to PROGRAM
  {"exit": S}                     wait up to S seconds for PROGRAM to exit

Prints one JSON object: "steps" (each step with "ok" and the "screen" after it), "failed"
(the index of the step that failed, or null), "status" (the exit status, or null when
PROGRAM had to be killed), "sequences_restored" (the output ends with the alternate screen
left and the cursor shown, after entering/hiding them), "termios_restored" (the terminal's
settings after PROGRAM exited equal those before it started) and "entered_raw" (PROGRAM
turned echo off at some point).
"""
import codecs
import fcntl
import json
import os
import select
import signal
import struct
import sys
import termios
import time
import unicodedata

ESC = "\x1b"


class Screen:
    """A tiny VT100: enough to read back a full-frame UI."""

    def __init__(self, columns, rows):
        self.resize(columns, rows)
        self.pending = ""

    def resize(self, columns, rows):
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0

    def text(self):
        return "\n".join("".join(c for c in row if c is not None).rstrip() for row in self.cells)

    def feed(self, data):
        data = self.pending + data
        self.pending = ""
        i = 0
        while i < len(data):
            ch = data[i]
            if ch == ESC:
                end = self.escape(data, i)
                if end is None:
                    self.pending = data[i:]
                    return
                i = end
                continue
            i += 1
            if ch == "\r":
                self.x = 0
            elif ch == "\n":
                self.line_feed()
            elif ch == "\b":
                self.x = max(0, self.x - 1)
            elif ch == "\t":
                self.x = min(self.columns - 1, (self.x // 8 + 1) * 8)
            elif ord(ch) >= 0x20:
                self.put(ch)

    def line_feed(self):
        if self.y == self.rows - 1:
            self.cells.pop(0)
            self.cells.append([" "] * self.columns)
        else:
            self.y += 1

    def put(self, ch):
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            return
        width = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        if self.x + width > self.columns:
            self.x = 0
            self.line_feed()
        self.cells[self.y][self.x] = ch
        if width == 2 and self.x + 1 < self.columns:
            self.cells[self.y][self.x + 1] = None
        self.x += width

    def escape(self, data, i):
        """Handles the sequence at data[i]; returns the index after it, None if incomplete."""
        if i + 1 >= len(data):
            return None
        kind = data[i + 1]
        if kind == "[":
            j = i + 2
            while j < len(data) and not ("\x40" <= data[j] <= "\x7e"):
                j += 1
            if j >= len(data):
                return None
            self.csi(data[i + 2:j], data[j])
            return j + 1
        if kind == "]":  # OSC: up to BEL or ST
            j = i + 2
            while j < len(data) and data[j] != "\x07" and data[j:j + 2] != ESC + "\\":
                j += 1
            if j >= len(data):
                return None
            return j + (1 if data[j] == "\x07" else 2)
        return i + 2

    def csi(self, params, final):
        private = params.startswith("?")
        numbers = [int(p) if p.isdigit() else 0 for p in params.lstrip("?").split(";")] if params else []
        n = numbers[0] if numbers and numbers[0] > 0 else 1
        if private:
            if params[1:].startswith("1049") or params[1:].startswith("47"):
                self.resize(self.columns, self.rows)
            return
        if final in "Hf":
            row = numbers[0] if len(numbers) > 0 and numbers[0] else 1
            col = numbers[1] if len(numbers) > 1 and numbers[1] else 1
            self.y, self.x = min(row, self.rows) - 1, min(col, self.columns) - 1
        elif final == "J":
            mode = numbers[0] if numbers else 0
            if mode == 2 or mode == 3:
                self.cells = [[" "] * self.columns for _ in range(self.rows)]
            elif mode == 0:
                self.cells[self.y][self.x:] = [" "] * (self.columns - self.x)
                for r in range(self.y + 1, self.rows):
                    self.cells[r] = [" "] * self.columns
        elif final == "K":
            mode = numbers[0] if numbers else 0
            if mode == 0:
                self.cells[self.y][self.x:] = [" "] * (self.columns - self.x)
            elif mode == 2:
                self.cells[self.y] = [" "] * self.columns
        elif final == "A":
            self.y = max(0, self.y - n)
        elif final == "B":
            self.y = min(self.rows - 1, self.y + n)
        elif final == "C":
            self.x = min(self.columns - 1, self.x + n)
        elif final == "D":
            self.x = max(0, self.x - n)


def set_size(fd, columns, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def main():
    columns, rows = int(sys.argv[1]), int(sys.argv[2])
    program = sys.argv[3:]
    steps = json.load(sys.stdin)

    master, slave = os.openpty()
    set_size(master, columns, rows)
    before = termios.tcgetattr(slave)
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("GITHUB_TOKEN", None)
    pid = os.fork()
    if pid == 0:
        try:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for fd in (0, 1, 2):
                os.dup2(slave, fd)
            os.close(master)
            os.close(slave)
            os.execve(program[0], program, env)
        finally:
            os._exit(127)

    screen = Screen(columns, rows)
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    transcript = []
    status = None
    entered_raw = False

    def pump(seconds):
        """Reads output for up to `seconds` (returns early when nothing more is ready)."""
        nonlocal entered_raw
        end = time.time() + seconds
        while True:
            remaining = end - time.time()
            ready, _, _ = select.select([master], [], [], max(0, remaining))
            if not ready:
                return
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            text = decoder.decode(data)
            transcript.append(text)
            screen.feed(text)
            if not (termios.tcgetattr(slave)[3] & termios.ECHO):
                entered_raw = True

    def settle():
        """A frame can arrive in several reads: after a match, reads on until the output has
        been quiet for 0.1 s (at most 0.5 s, as a spinner never goes quiet), so the screen
        kept for the step is a whole frame, not the part that first showed the text."""
        end = time.time() + 0.5
        while time.time() < end:
            ready, _, _ = select.select([master], [], [], 0.1)
            if not ready:
                return
            pump(0.01)

    def reap(block_seconds):
        nonlocal status
        end = time.time() + block_seconds
        while True:
            done, raw = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(raw)
                return True
            if time.time() >= end:
                return False
            pump(0.05)

    results = []
    failed = None
    for index, step in enumerate(steps):
        ok = True
        if "send" in step:
            os.write(master, step["send"].encode())
            pump(0.06)
        elif "wait" in step or "gone" in step:
            want = step.get("wait", step.get("gone"))
            present = "wait" in step
            row = step.get("row")
            end = time.time() + step.get("timeout", 10)

            def shown():
                text = screen.text()
                if row is None:
                    return want in text
                rows = text.split("\n")
                return -len(rows) <= row < len(rows) and want in rows[row]

            while shown() != present:
                if time.time() >= end:
                    ok = False
                    break
                pump(0.05)
            if ok:
                settle()
        elif "resize" in step:
            new_columns, new_rows = step["resize"]
            set_size(master, new_columns, new_rows)
            screen.resize(new_columns, new_rows)
            os.kill(pid, signal.SIGWINCH)
            pump(0.06)
        elif "signal" in step:
            os.kill(pid, step["signal"])
            pump(0.06)
        elif "exit" in step:
            ok = reap(step["exit"])
        results.append({"step": step, "ok": ok, "screen": screen.text()})
        if not ok:
            failed = index
            break

    if status is None and not reap(0):
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    pump(0.05)
    output = "".join(transcript)

    def last(sequence):
        return output.rfind(ESC + sequence)

    sequences_restored = (last("[?1049h") >= 0 and last("[?1049l") > last("[?1049h")
                          and last("[?25l") >= 0 and last("[?25h") > last("[?25l"))
    after = termios.tcgetattr(slave)
    json.dump({"steps": results, "failed": failed, "status": status,
               "sequences_restored": sequences_restored,
               "termios_restored": after[:6] == before[:6] and after[6] == before[6],
               "entered_raw": entered_raw}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
