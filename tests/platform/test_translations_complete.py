"""Three interface languages (issue #31, item 6): every catalogue exists in German and in
Simplified Chinese, and every message of it is translated in both (no empty, no fuzzy entry), so
no page falls back to English in the middle of a German or Chinese text.  The pages themselves
are checked too: in Chinese they show Chinese, and none of the catalogue's English sentences that
the English page shows."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone, translation

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("de", "zh_Hans")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sdr]|\{[a-z_]+\}|%%")
HAN = re.compile(r"[\u4e00-\u9fff]")


@dataclass
class Entry:
    msgid: str = ""
    context: str | None = None
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False


def read_po(path: Path) -> dict[tuple[str | None, str], Entry]:
    """The entries of a PO file by (context, msgid), header left out: just enough of the format
    for the catalogues of this repository (no obsolete ``#~`` entries)."""
    entries: list[Entry] = []
    entry, target = Entry(), ""
    started = False
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip() or (line.startswith("#") and started):
            if started:
                entries.append(entry)
            entry, target, started = Entry(), "", False
            if not line.strip():
                continue
        if line.startswith("#,"):
            entry.fuzzy = entry.fuzzy or "fuzzy" in line
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            text = ast.literal_eval(line)
        else:
            target, text, started = keyword, ast.literal_eval(rest), True
        if target == "msgid":
            entry.msgid += text
        elif target == "msgctxt":
            entry.context = (entry.context or "") + text
        elif target == "msgid_plural":
            entry.plural = (entry.plural or "") + text
        else:
            index = int(target[7:-1]) if target.startswith("msgstr[") else 0
            entry.strings[index] = entry.strings.get(index, "") + text
    return {(e.context, e.msgid): e for e in entries if e.msgid}


def locale_dirs() -> list[Path]:
    return sorted({*ROOT.glob("platform/*/locale"), ROOT / "frontend" / "locale"})


def catalogue(locale: Path, language: str) -> Path:
    return locale / language / "LC_MESSAGES" / "django.po"


def test_every_catalogue_exists_in_german_and_in_chinese() -> None:
    assert len(locale_dirs()) >= 7
    for locale in locale_dirs():
        present = {p.parent.parent.name for p in locale.glob("*/LC_MESSAGES/django.po")}
        assert present == set(LANGUAGES), f"{locale.relative_to(ROOT)} has {sorted(present)}"


@pytest.mark.parametrize("locale", locale_dirs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_message_is_translated_into_german_and_chinese(locale: Path) -> None:
    catalogues = {lang: read_po(catalogue(locale, lang)) for lang in LANGUAGES}
    every_key = set().union(*catalogues.values())
    problems = []
    for lang, entries in catalogues.items():
        for key in sorted(every_key, key=str):
            entry = entries.get(key)
            if entry is None:
                problems.append(f"{lang}: missing {key}")
            elif entry.fuzzy:
                problems.append(f"{lang}: fuzzy {key}")
            elif not entry.strings or not all(entry.strings.values()):
                problems.append(f"{lang}: untranslated {key}")
    assert problems == []


@pytest.mark.parametrize("locale", locale_dirs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_chinese_texts_keep_every_placeholder_and_have_one_plural_form(locale: Path) -> None:
    path = catalogue(locale, "zh_Hans")
    assert "Plural-Forms: nplurals=1; plural=0;" in path.read_text(encoding="utf-8")
    for entry in read_po(path).values():
        source = entry.plural if entry.plural is not None else entry.msgid
        assert sorted(entry.strings) == [0], entry.msgid
        wanted = sorted(set(PLACEHOLDER.findall(source)))
        assert sorted(set(PLACEHOLDER.findall(entry.strings[0]))) == wanted, entry.msgid


def test_the_po_reader_sees_fuzzy_and_empty_entries(tmp_path: Path) -> None:
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n\n#, fuzzy\nmsgid "A"\nmsgstr "B"\n\n'
        'msgid "C"\nmsgstr ""\n\nmsgctxt "x"\nmsgid "D"\nmsgid_plural "Ds"\n'
        'msgstr[0] "E"\nmsgstr[1] ""\n"F"\n',
        encoding="utf-8",
    )
    entries = read_po(po)
    assert entries[(None, "A")].fuzzy and entries[(None, "C")].strings == {0: ""}
    assert entries[("x", "D")].plural == "Ds" and entries[("x", "D")].strings == {0: "E", 1: "F"}


@pytest.mark.parametrize("header", ["zh-CN", "zh", "zh-Hans", "zh-TW", "zh-SG,zh;q=0.9,en;q=0.5"])
def test_chinese_browsers_get_the_simplified_chinese_pages(header: str, db: None) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE=header).get("/")
    assert response["Content-Language"] == "zh-hans"
    assert '<html lang="zh-hans">' in response.content.decode()


def test_the_language_switcher_offers_simplified_chinese(db: None) -> None:
    client = Client()
    page = client.get("/").content.decode()
    assert 'value="zh-hans"' in page and "简体中文" in page
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    assert client.cookies["django_language"].value == "zh-hans"
    assert client.get("/")["Content-Language"] == "zh-hans"


def sentences() -> set[str]:
    """The catalogues' English messages that are surely prose (no placeholder, two words or
    more): one of them on a Chinese page is an untranslated string."""
    found = set()
    for locale in locale_dirs():
        for (_context, msgid), _entry in read_po(catalogue(locale, "zh_Hans")).items():
            if " " in msgid and "%" not in msgid and "{" not in msgid and "<" not in msgid:
                found.add(msgid)
    return found


def page(client: Client, path: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def visible_text(html: str) -> str:
    return re.sub(r"<script.*?</script>|<[^>]+>", " ", html, flags=re.S)


@pytest.fixture
def pages(make_user):  # type: ignore[no-untyped-def]
    from django.contrib.auth.models import Permission

    from tournaments import services

    organiser = make_user("organiser")
    organiser.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
    tournament = services.tournament_create(
        organiser_id=organiser.pk,
        spec=services.TournamentSpec(
            name="Spring cup",
            game="spectacular_bid",
            format="swiss",
            rounds=3,
            starts_at=timezone.now() + timedelta(hours=1),
            max_players=16,
            round_break_s=0,
            bank_ms=60_000,
            delay_ms=5_000,
        ),
    )
    client = Client()
    client.force_login(make_user("lin"))
    return client, [
        "/",
        "/tournaments/",
        f"/tournaments/{tournament.pk}/",
        "/accounts/account/",
        "/accounts/u/lin/",
    ]


def test_pages_in_chinese_show_chinese_and_no_english_sentence_of_the_catalogues(pages) -> None:  # type: ignore[no-untyped-def]
    client, paths = pages
    known = sentences()
    for path in paths:
        english = visible_text(page(client, path, "en"))
        chinese = visible_text(page(client, path, "zh-hans"))
        shown = {s for s in known if s in english}
        assert shown, f"{path}: no catalogue sentence on the English page"
        assert len(HAN.findall(chinese)) > 20, path
        assert sorted(s for s in shown if s in chinese) == [], path


def test_known_strings_read_in_chinese() -> None:
    with translation.override("zh-hans"):
        assert translation.gettext("Log out") == "退出登录"
        assert translation.gettext("Leaderboards") == "排行榜"
        assert translation.gettext("Round robin") == "循环赛"
        assert translation.ngettext("%(n)s player", "%(n)s players", 3) % {"n": 3} == "3 名玩家"
        assert translation.pgettext("tournament history", "finished") == "已结束"
