#!/usr/bin/env python3
"""Runs the commands that README.md and docs/ show, and checks what they show.

A command is a line of a code block (fenced, or indented four spaces) that
starts with `$ ` or with what runs from the repository root: `build/bin/`,
`bash tools/`, `python3 `, `cmake `. A trailing `\\` continues it on the next
line. Bare tool names (`tpu-compile model.mlir [--target=v3]`) are synopses,
not commands.

* `$ CMD` and the lines after it, up to the next `$` line or the end of the
  block: CMD's output (stdout then stderr) must be exactly those lines, where
  a line `...` stands for any number of lines and a line ending in ` ...`
  for any line that starts with what precedes it. Indentation is compared.
* Commands without `$` only have to succeed; a block's commands run in one
  shell, in order, so that one may use another's files or variables.
* `# exit code N` after a command: the status it must end with (else 0).
* `<!-- doctest: skip REASON -->` on the line before a block: not run, and
  counted with its reason.

Commands run in a scratch directory where docs/, test/ and tools/ link to
the source tree and build/ to the build tree, so the files they write stay
out of both. Prints each failure with a diff, then `N passed, M failed, K
skipped` (one per command); exits 1 on any failure.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile

COMMAND = re.compile(r"^(\$ |build/bin/|bash tools/|python3 |cmake )")
SKIP = re.compile(r"<!--\s*doctest:\s*skip\s+(.*?)\s*-->")
EXIT = re.compile(r"\s+# exit code (\d+)\s*$")


def blocks(text):
    """(first line number, lines, skip reason) of each code block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        skip = None
        if i > 0:
            m = SKIP.search(lines[i - 1]) or (
                i > 1 and not lines[i - 1].strip() and SKIP.search(lines[i - 2]))
            skip = m.group(1) if m else None
        if lines[i].startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            yield i + 2, lines[i + 1:j], skip
            i = j + 1
            continue
        if lines[i].startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            j = i
            while j < len(lines) and (lines[j].startswith("    ") or
                                      (not lines[j].strip() and j + 1 < len(lines)
                                       and lines[j + 1].startswith("    "))):
                j += 1
            yield i + 1, [l[4:] for l in lines[i:j]], skip
            i = j
            continue
        i += 1


def commands(block):
    """(line offset, command, shown output or None, exit code) per command."""
    out = []
    i = 0
    while i < len(block):
        line = block[i]
        if not COMMAND.match(line):
            i += 1
            continue
        shown = line.startswith("$ ")
        cmd = line[2:] if shown else line
        start = i
        while cmd.endswith("\\") and i + 1 < len(block):
            i += 1
            cmd = cmd[:-1] + " " + block[i].strip()
        i += 1
        code = 0
        m = EXIT.search(cmd)
        if m:
            code = int(m.group(1))
            cmd = cmd[:m.start()]
        output = None
        if shown:
            output = []
            while i < len(block) and not block[i].startswith("$ "):
                output.append(block[i])
                i += 1
            while output and not output[-1].strip():
                output.pop()
        out.append((start, cmd, output, code))
    return out


def matches(shown, actual):
    """Whether `actual` lines fit `shown`, with `...` elisions."""
    def fit(s, a):
        if s == len(shown):
            return a == len(actual)
        line = shown[s]
        if line.strip() == "...":
            return any(fit(s + 1, k) for k in range(a, len(actual) + 1))
        if a == len(actual):
            return False
        if line.endswith(" ..."):
            ok = actual[a].startswith(line[:-4])
        else:
            ok = actual[a].rstrip() == line.rstrip()
        return ok and fit(s + 1, a + 1)
    sys.setrecursionlimit(100000)
    return fit(0, 0)


def expect(line):
    """A script line, with `# exit code N` turned into a check of it."""
    m = EXIT.search(line)
    if not m:
        return line
    code = m.group(1)
    return (f"if ( {line[:m.start()]} ); then s=0; else s=$?; fi; "
            f"[ $s -eq {code} ] || {{ echo \"exit code $s, expected {code}: "
            f"{line[:m.start()].strip()}\"; exit 1; }}")


def check(script, shown, code, scratch, env):
    """Runs `script` in `scratch`: (whether it did as shown, why not)."""
    run = subprocess.run(["bash", "-c", "\n".join(script)], cwd=scratch,
                         env=env, capture_output=True, text=True,
                         errors="replace")
    actual = (run.stdout + run.stderr).replace(scratch + "/", "").rstrip(
        "\n").split("\n")
    if run.returncode != code:
        return False, (f"exit code {run.returncode}, expected {code}\n" +
                       "\n".join(actual[-15:]))
    if shown is not None and not matches(shown, actual):
        return False, "output differs:\n" + "\n".join(
            difflib.unified_diff(shown, actual, "shown", "actual",
                                 lineterm=""))
    return True, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", required=True, help="the source tree")
    parser.add_argument("--build", required=True, help="the build tree")
    parser.add_argument("files", nargs="+", help="markdown files or folders")
    args = parser.parse_args()
    args.root = os.path.abspath(args.root)
    args.build = os.path.abspath(args.build)
    files = []
    for f in args.files:
        path = os.path.join(args.root, f)
        if os.path.isdir(path):
            for dirpath, _, names in sorted(os.walk(path)):
                files += [os.path.join(dirpath, n) for n in sorted(names)
                          if n.endswith(".md")]
        else:
            files.append(path)
    passed = failed = skipped = 0
    reasons = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name in ("docs", "test", "tools"):
            os.symlink(os.path.join(args.root, name), os.path.join(scratch, name))
        os.symlink(args.build, os.path.join(scratch, "build"))
        env = dict(os.environ, LC_ALL="C", COLUMNS="80")
        # `python3` is this interpreter (Debian's, as lit runs the docs
        # test), importing the built Python package as the set-up
        # command's .pth file makes it import.
        shims = os.path.join(scratch, ".bin")
        os.mkdir(shims)
        os.symlink(sys.executable, os.path.join(shims, "python3"))
        env["PATH"] = shims + os.pathsep + env.get("PATH", "")
        python_path = os.path.join(args.build, "python")
        env["PYTHONPATH"] = python_path + (
            os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        for path in files:
            rel = os.path.relpath(path, args.root)
            for line, block, skip in blocks(open(path).read()):
                cmds = commands(block)
                if not cmds:
                    continue
                if skip:
                    skipped += len(cmds)
                    reasons[skip] = reasons.get(skip, 0) + len(cmds)
                    continue
                if all(shown is None for _, _, shown, _ in cmds):
                    # A block of commands runs as one script, in order.
                    script = ["set -e"] + [expect(l) for l in block]
                    ok, report = check(script, None, 0, scratch, env)
                    where = f"{rel}:{line}"
                    if not ok:
                        failed += len(cmds)
                        print(f"FAIL {where}: the block's commands\n  {report}")
                    else:
                        passed += len(cmds)
                    continue
                for offset, cmd, shown, code in cmds:
                    ok, report = check([cmd], shown, code, scratch, env)
                    if not ok:
                        failed += 1
                        print(f"FAIL {rel}:{line + offset}: {cmd}\n  {report}")
                    else:
                        passed += 1
    for reason, n in sorted(reasons.items()):
        print(f"  skipped {n}: {reason}")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
