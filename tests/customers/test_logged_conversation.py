"""The request log's conversation and the chat session were both public as ``Conversation`` (new-user report 32
#10): the log's record is ``LoggedConversation`` now, iterable over its turns; the old name still works and
warns."""

from __future__ import annotations

import warnings

import pytest

import mem.customers
from mem.customers import CustomerStore, LoggedConversation


def _store_with_one_conversation(home):
    store = CustomerStore.open(home, "c1")
    conversation = store.log.new_conversation(session="s1", started_at="2026-01-01T10:00:00Z")
    store.log.append_turn(conversation, role="customer", text="Hello", time="2026-01-01T10:00:00Z")
    store.log.append_turn(conversation, role="agent", text="Hi, how can I help?", time="2026-01-01T10:00:05Z")
    return store, conversation


def test_a_logged_conversation_iterates_over_its_turns(tmp_path):
    store, conversation = _store_with_one_conversation(tmp_path / "home")
    with store:
        logged = store.log.get(conversation)
        assert isinstance(logged, LoggedConversation)
        assert [turn.text for turn in logged] == ["Hello", "Hi, how can I help?"]
        assert list(logged) == list(logged.turns)
        assert all(isinstance(c, LoggedConversation) for c in store.log.conversations())


def test_the_old_name_is_the_same_class_and_warns():
    with pytest.warns(DeprecationWarning, match="LoggedConversation"):
        old = mem.customers.Conversation
    assert old is LoggedConversation


def test_the_new_name_does_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from mem.customers import LoggedConversation as again
    assert again is LoggedConversation


def test_the_chat_session_keeps_its_name_and_is_another_class():
    from mem.agent import Conversation

    assert Conversation is not LoggedConversation
    assert "Conversation" not in mem.customers.__all__ and "LoggedConversation" in mem.customers.__all__
