#!/usr/bin/env python3
"""Builds the printable worksheets from the labs: the exercises of every lab, one lab per printed page, with room
to answer. Standard library only. Run from the repository root:

    python3 docs/teaching/worksheets/make-worksheets.py

writes docs/teaching/worksheets/worksheets.html (docs/labs) and worksheets.zh-CN.html (docs/labs/zh-CN); print
them from a browser. With --pdf it also prints each to a PDF beside it through headless Chromium (chromium,
chromium-browser or google-chrome on the PATH), as

    chromium --headless --no-sandbox --print-to-pdf=worksheets.pdf docs/teaching/worksheets/worksheets.html

The Chinese sheet needs a CJK font on the machine that prints it (Noto Sans CJK SC, or PingFang SC, Microsoft YaHei).
"""
import html
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
OUT = pathlib.Path(__file__).resolve().parent
ORDER = ["quickstart", "partition-key-choice", "composite-partition-key", "clustering-and-queries",
         "vnodes-and-balance", "consistency-levels", "hints-repair", "tombstones-ttl", "lww-clock-skew",
         "multi-dc", "zombies", "your-app", "shrinking", "data-modelling",
         "data-modelling-grading", "range-tombstones", "counters"]
TEXT = {
    "en": dict(title="ringsim lab worksheets", name="Name", date="Date", question="Question", exercises="Exercises",
               answer="Your answer (commands run, figures seen, explanation)", heading="## Exercises",
               qmark="**Question.**", lang="en"),
    "zh-CN": dict(title="ringsim 实验练习单", name="姓名", date="日期", question="问题", exercises="练习",
                  answer="你的答案（运行的命令、看到的数字、解释）", heading="## 练习", qmark="**问题。**",
                  lang="zh-CN"),
}


def inline(s):
    """Markdown inline to HTML: code spans, bold, links' text; figure markers and comments dropped."""
    s = re.sub(r"<!--.*?-->", "", s)
    out = []
    for i, part in enumerate(re.split(r"`([^`]*)`", s)):
        if i % 2:
            out.append("<code>" + html.escape(part) + "</code>")
        else:
            p = html.escape(part)
            p = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", p)
            p = re.sub(r"\*(.+?)\*", r"<i>\1</i>", p)
            p = re.sub(r"\[(.+?)\]\((.+?)\)", r"\1", p)
            out.append(p)
    return "".join(out)


ANSWER_STARTS = ("With seed", "Every write", "种子", "每次写")


def without_answers(s):
    """An exercise without the outcome the lab gives away: its "(With seed N: ...)" remarks and sentences."""
    s = re.sub(r"<!--.*?-->", "", s)
    out, i = [], 0
    while i < len(s):
        if s[i] in "(（" and s[i + 1:].lstrip().startswith(ANSWER_STARTS):
            depth, j = 0, i
            while j < len(s):
                depth += s[j] in "(（"
                depth -= s[j] in ")）"
                j += 1
                if depth == 0:
                    break
            i = j
            continue
        out.append(s[i])
        i += 1
    s = "".join(out)
    s = re.sub(r"\s*With seed .*?\.(?=\s|$)", "", s)
    s = re.sub(r"种子 \d+(、| 下，).*?。", "", s)
    s = re.sub(r"\s{2,}", " ", s)
    return re.sub(r"\s+([.?。？])", r"\1", s).strip()


def exercises(text, heading):
    """The numbered items of a lab's exercises section, each as one paragraph of text."""
    section = text.split("\n" + heading + "\n", 1)[1] if ("\n" + heading + "\n") in text else ""
    section = re.split(r"\n## ", section)[0]
    items, cur = [], None
    for line in section.splitlines():
        if re.match(r"\s*<!--.*-->\s*$", line):
            continue
        m = re.match(r"(\d+)\. (.*)", line)
        if m:
            cur = [m.group(2)]
            items.append(cur)
        elif cur is not None and line.strip():
            cur.append(line.strip())
    return [without_answers(" ".join(i)) for i in items]


def page(lab, text, t, css):
    title = re.search(r"^# (.*)$", text, re.M).group(1)
    q = next((l for l in text.splitlines() if l.startswith(t["qmark"])), "")
    q = q[len(t["qmark"]):].strip()
    body = [f'<section class="lab" id="{lab}"><header><h1>{inline(title)}</h1>'
            f'<p class="who">{t["name"]}: <span class="line"></span> {t["date"]}: <span class="short line"></span></p>'
            f'</header><p class="question"><b>{t["question"]}.</b> {inline(q)}</p><h2>{t["exercises"]}</h2><ol>']
    for e in exercises(text, t["heading"]):
        body.append(f'<li><p>{inline(e)}</p><div class="answer"><span>{t["answer"]}</span></div></li>')
    body.append("</ol></section>")
    return "\n".join(body)


def build(key, labs):
    t = TEXT[key]
    pages = [page(lab, (labs / f"{lab}.md").read_text(encoding="utf-8"), t, None) for lab in ORDER]
    return (f'<!DOCTYPE html>\n<html lang="{t["lang"]}"><head><meta charset="utf-8"><title>{t["title"]}</title>'
            f'<link rel="stylesheet" href="print.css"></head><body>\n' + "\n".join(pages) + "\n</body></html>\n")


if __name__ == "__main__":
    (OUT / "worksheets.html").write_text(build("en", ROOT / "docs/labs"), encoding="utf-8")
    (OUT / "worksheets.zh-CN.html").write_text(build("zh-CN", ROOT / "docs/labs/zh-CN"), encoding="utf-8")
    print("wrote", OUT / "worksheets.html", "and", OUT / "worksheets.zh-CN.html")
    if "--pdf" in sys.argv:
        browser = next((b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
        if browser is None:
            sys.exit("--pdf: no chromium, chromium-browser or google-chrome on the PATH")
        for name in ("worksheets", "worksheets.zh-CN"):
            pdf = OUT / (name + ".pdf")
            subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                            "--print-to-pdf=" + str(pdf), (OUT / (name + ".html")).as_uri()],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print("wrote", pdf)
