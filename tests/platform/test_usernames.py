"""User names hold nothing a reader cannot see (issue 28, item 10): right-to-left overrides,
zero-width and other invisible characters are refused at sign-up and at a rename (the admin's
user form), with a message that says why, in English and German."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User

pytestmark = pytest.mark.django_db

UNSEEN = [
    pytest.param("\u202e", id="right-to-left-override"),
    pytest.param("\u200b", id="zero-width-space"),
    pytest.param("\u200f", id="right-to-left-mark"),
    pytest.param("\u2066", id="left-to-right-isolate"),
    pytest.param("\u200d", id="zero-width-joiner"),
    pytest.param("\ufeff", id="byte-order-mark"),
    pytest.param("\u3164", id="hangul-filler"),
]


def sign_up(client: Client, username: str):  # type: ignore[no-untyped-def]
    return client.post(
        "/accounts/signup/",
        {"username": username, "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
    )


@pytest.mark.parametrize("char", UNSEEN)
def test_sign_up_refuses_a_name_with_an_invisible_or_direction_character(char: str) -> None:
    response = sign_up(Client(), f"ali{char}ce")
    page = response.content.decode()
    assert response.status_code == 200
    assert "User names cannot contain invisible or text-direction characters" in page
    assert f"U+{ord(char):04X}" in page
    assert not User.objects.filter(username__startswith="ali").exists()


def test_the_refusal_is_in_german_for_a_german_reader() -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE="de").post(
        "/accounts/signup/",
        {
            "username": "mallory\u202egnp",
            "password1": "x-long-pass-1",
            "password2": "x-long-pass-1",
        },
    )
    page = response.content.decode()
    assert "Benutzernamen dürfen keine unsichtbaren Zeichen oder Schreibrichtungszeichen" in page
    assert "U+202E" in page
    assert not User.objects.filter(username__startswith="mallory").exists()


@pytest.mark.parametrize("name", ["Jürgen", "小明", "Ζωή", "anna.b-2_x@home"])
def test_names_in_any_script_are_still_welcome(name: str) -> None:
    response = sign_up(Client(), name)
    assert response.status_code == 302
    assert User.objects.filter(username=name).exists()


def test_a_rename_in_the_admin_is_refused_and_changes_nothing(make_user) -> None:
    player = make_user("bob")
    admin = User.objects.create_superuser("root", password="root-pass-123")
    client = Client()
    client.force_login(admin)
    response = client.post(
        f"/admin/accounts/user/{player.pk}/change/",
        {
            "username": "b\u200bob",
            "is_active": "on",
            "date_joined_0": "2026-01-01",
            "date_joined_1": "00:00:00",
        },
    )
    assert response.status_code == 200  # the form again, with the error
    assert "User names cannot contain invisible or text-direction characters" in (
        response.content.decode()
    )
    player.refresh_from_db()
    assert player.username == "bob"
