"""The customer's language and the fixed phrases of the deterministic engine (English, Korean, Japanese).

Section labels and connecting phrases are translated; quotes from policy pages and evidence
sentences stay verbatim in whatever language they were written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mem.core.text import LANGUAGES
from mem.core.text import detect_language as script_language
from mem.core.text.chinese import reads_chinese

__all__ = ["LANGUAGES", "PHRASES", "detect_language", "phrase"]

_ASKS_FOR = {
    "ja": re.compile(r"japanese|日本語|일본어", re.IGNORECASE),
    "ko": re.compile(r"korean|韓国語|한국어|한글", re.IGNORECASE),
    "en": re.compile(r"\benglish\b|英語|영어", re.IGNORECASE),
}


def detect_language(customer_context: Iterable[str], question: str) -> str:
    """The language to answer in: what the customer context asks for, else the question's script.

    The script decides as everywhere else in mem (``mem.core.text.detect_language``): a question with kana
    ("返品の期限") is Japanese, a mixed one goes to the script that dominates. A question in Han characters as
    Chinese writes them (``mem.core.text.chinese``) gets the English frame, as Arabic or Thai do.
    """
    for item in customer_context:
        for code, pattern in _ASKS_FOR.items():
            if pattern.search(item) and re.search(r"answer|reply|respond|language|言語|回答|답변|언어|で|로", item,
                                                  re.IGNORECASE):
                return code
    script = script_language(question)
    if script == "ja" and reads_chinese(question):
        # Chinese: the deterministic engine has no Chinese phrases, and Japanese ones answered a Chinese question
        # (NEWUSER_REPORT21 #7); its frame is English, as for every language it has no phrases for (docs/ask.md)
        return "en"
    return script


PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "greeting": "Thank you for your question. Here is what applies to your case.",
        "rule": "Current rule",
        "rule_line": '{title} ({id}, version {version}) says: "{quote}" [{n}]',
        "sibling_line": "Another page of the same title also answers this, {title} ({id}, version {version}): "
                        '"{quote}" [{n}] — please check which of the two is about your case.',
        # the nearest page is named, never cited: a page that says nothing is no evidence (new-user report 31 #12);
        # and nothing is claimed of it — the lexical choice misses paraphrases, so the page may well answer (new-user
        # report 32 #5: "Returns … says nothing about it" of a page saying "Signed first editions may be returned")
        "no_rule": "No rule in the policy was found to match this question; the nearest page is {title} ({id}, "
                   "version {version}).",
        "no_rule_exclusion": "No rule in the policy matches this question: the nearest page, {title} ({id}, version "
                             "{version}) [{n}], does not name your case, but it rules some cases out; please check "
                             "whether yours is one of them: {quote}",
        "other_language_rule": "The part of the policy written in {policy_language} may answer it: {title} "
                               "({id}, version {version}) says {quote}",
        "no_rule_language": "No matching rule was found in the policy's language: {title} ({id}, version {version}) "
                            "[{n}] is written in another language than the question.",
        "no_policy_language": "No matching rule was found in the policy's language: the policy is written in "
                              "{policy_language}, and this question in another language.",
        "language_and": " and ",
        "no_rule_in_language": "No rule in the policy matches this question in the language it is asked "
                               "in.",
        "language_en": "English",
        "language_ko": "Korean",
        "language_ja": "Japanese",
        "quote_join": "\" \"",
        "upcoming": 'Version {version} of {title} takes effect on {date}; until then the rule above applies. '
                    'It says: "{summary}" [{n}]',
        "upcoming_plain": "Version {version} of {title} takes effect on {date}; until then the rule above "
                          "applies. [{n}]",
        "short_figure": "In short: {figure}, as the rule below states [{n}].",
        "short_announced": "Not yet: {figure} applies {when}, a change the rule below announces [{n}]; "
                           "until then the current rule applies.",
        "short_yes": "Yes — the rule below allows it [{n}].",
        # a yes to a question that asks no leave ("Do my points expire?"): the rule states it, it allows nothing
        "short_yes_states": "Yes — the rule below says so [{n}].",
        "short_depends": "It depends on the condition the rule below states [{n}].",
        "short_no": "No — the rule below rules it out [{n}].",
        "days_beyond": "Your case ({asked}) is beyond the {limit} window in this rule.",
        "days_past_start": "Your case ({asked}) is past the {limit} from which this rule applies.",
        "days_before_start": "Your case ({asked}) is short of the {limit} from which this rule applies.",
        "days_within": "Your case ({asked}) is within the {limit} window in this rule.",
        "days_depends": "Your case ({asked}) may be within or beyond the {limit} window in this rule: it depends on "
                        "the exact date.",
        "knowhow": "How we handle cases like this",
        "knowhow_line": 'When {when}: {then} (established from {customers} customers\' cases{notes}) [{n}]',
        "knowhow_quote": '"{quote}"{notes} [{n}]',
        "knowhow_quote_notes": " ({notes})",
        "knowhow_older_policy": "approved under {policy} v{old}, the rule in force is v{new}",
        "knowhow_not_applicable": "A procedure exists for cases where {when} [{n}], but that does not match what "
                                  "we know of your account, so it does not apply here.",
        "knowhow_not_shown": "A procedure exists for cases where {when} [{n}]; nothing we know of your account "
                             "shows that this is your case, so it is not applied here.",
        "history": "Your history with us",
        "fact_line": '{date}: {text} ({status}{kind}{notes}) — you said: "{quote}" [{n}]',
        "fact_line_noquote": "{date}: {text} ({status}{kind}{notes}) [{n}]",
        "recheck": "recheck needed",
        "recheck_reason": "recheck needed: {reason}",
        "older_policy": "recorded under {policy} v{old}; the current version is v{new}",
        "conflict": "Please note",
        "conflict_line": (
            "Your earlier agreement of {date} [{fact_n}] was made under {policy} v{old}. The rule in force now is "
            "{policy} v{new} [{policy_n}], and it is the one that applies."
        ),
        "exception_tail": "The earlier exception is not repeated automatically; it can be considered again only as "
                          "a new, case-by-case decision.",
        "conflict_line_unversioned": (
            "Your earlier agreement of {date} [{fact_n}] was an exception to the rule. The current rule is {policy} "
            "v{new} [{policy_n}], and it is the one that applies; an exception is decided case by case."
        ),
        "next": "Next step",
        "next_knowhow": "We can take up your case following the procedure above; "
                        "please reply if you would like us to start.",
        "next_plain": "If anything here does not match your situation, please tell us and we will look again.",
        "nothing": "I could not find a policy, procedure or past record that answers this question. "
                   "Could you tell me a little more so I can check the right rule?",
        "no_history": "I found no earlier record of yours about this.",
        "status_active": "active",
        "status_replaced": "replaced",
        "status_retracted": "retracted",
        "agreement": ", agreement",
        "said": ", as you told us",
        "said_by_other": ", {speaker}'s own details, not yours",
        "other_writer": "the writer",
        "trait": ", a tendency we inferred",
        "sep": "; ",
        "quoted": "\"{text}\"",
        "stale": "Note: the service memory used here may be out of date ({reason}).",
        "sources": "Sources",
    },
    "ja": {
        "greeting": "お問い合わせありがとうございます。お客様のケースに当てはまる内容をご案内します。",
        "rule": "現行の規定",
        "rule_line": "{title}（{id}、第{version}版）：「{quote}」 [{n}]",
        "sibling_line": "同じ題名の別のページもこの質問に当てはまります。{title}（{id}、第{version}版）："
                        "「{quote}」 [{n}]——どちらがお客様のケースに当たるかご確認ください。",
        "upcoming": "{date}から{title}の第{version}版が適用されます（それまでは上記の規定が有効です）："
                    "「{summary}」 [{n}]",
        "upcoming_plain": "{date}から{title}の第{version}版が適用されます（それまでは上記の規定が有効です）。 [{n}]",
        "no_rule": "この質問に該当する規定はポリシーの中に見つかりませんでした（最も近いページ：{title}（{id}、"
                   "第{version}版））。",
        "no_rule_exclusion": "この質問に該当する規定はポリシーにありません。最も近いページ{title}"
                             "（{id}、第{version}版） [{n}]はお客様のケースを明記していませんが、"
                             "対象外となる場合を定めています。"
                             "お客様のケースが該当するかご確認ください：{quote}",
        "other_language_rule": "{policy_language}で書かれたポリシーの規定が該当する可能性があります。{title}（{id}、"
                               "第{version}版）：{quote}",
        "no_rule_language": "ポリシーの言語では該当する規定が見つかりませんでした。{title}（{id}、第{version}版） [{n}]"
                            "は質問と別の言語で書かれています。",
        "no_policy_language": "ポリシーの言語では該当する規定が見つかりませんでした。ポリシーは{policy_language}で"
                              "書かれており、このご質問は別の言語です。",
        "language_and": "と",
        "no_rule_in_language": "このご質問の言語では該当する規定がポリシーにありません。",
        "language_en": "英語",
        "language_ko": "韓国語",
        "language_ja": "日本語",
        "quote_join": "」「",
        "short_figure": "要点：{figure}（下記の規定のとおりです） [{n}]",
        "short_announced": "まだ適用されていません：{when}{figure}（下記の規定が予告する変更です） [{n}]。"
                           "それまでは現在の規定が適用されます。",
        "short_yes": "はい — 下記の規定で認められています [{n}]。",
        "short_yes_states": "はい — 下記の規定のとおりです [{n}]。",
        "short_depends": "下記の規定が定める条件によります [{n}]。",
        "short_no": "いいえ — 下記の規定で認められていません [{n}]。",
        "days_beyond": "お客様のケース（{asked}）は、この規定の{limit}の期間を過ぎています。",
        "days_past_start": "お客様のケース（{asked}）は、この規定が適用される{limit}を過ぎています。",
        "days_before_start": "お客様のケース（{asked}）は、この規定が適用される{limit}にまだ達していません。",
        "days_within": "お客様のケース（{asked}）は、この規定の{limit}の期間内です。",
        "days_depends": "お客様のケース（{asked}）は、正確な日付によって、この規定の{limit}の期間内の場合も"
                        "過ぎている場合もあります。",
        "knowhow": "同様のケースの対応方針",
        "knowhow_line": "「{when}」の場合：「{then}」（{customers}件のお客様の事例に基づく{notes}） [{n}]",
        "knowhow_quote": "「{quote}」{notes} [{n}]",
        "knowhow_quote_notes": "（{notes}）",
        "knowhow_older_policy": "{policy} 第{old}版の時点で承認、現行は第{new}版",
        "knowhow_not_applicable": "「{when}」場合の対応方針 [{n}] がありますが、お客様のご登録内容とは一致しないため、"
                                  "今回は適用されません。",
        "knowhow_not_shown": "「{when}」場合の対応方針 [{n}] がありますが、お客様のご登録内容からはこれに当たることが"
                             "確認できないため、今回は適用されません。",
        "history": "お客様とのこれまでの記録",
        "fact_line": "{date}：{text}（{status}{kind}{notes}）— お客様のお言葉：「{quote}」 [{n}]",
        "fact_line_noquote": "{date}：{text}（{status}{kind}{notes}） [{n}]",
        "recheck": "要再確認",
        "recheck_reason": "要再確認：{reason}",
        "older_policy": "{policy} 第{old}版の時点の記録（現行は第{new}版）",
        "conflict": "ご注意ください",
        "conflict_line": (
            "{date}の以前の合意 [{fact_n}] は {policy} 第{old}版の下で行われたものです。現在有効な規定は "
            "{policy} 第{new}版 [{policy_n}] で、こちらが適用されます。"
        ),
        "exception_tail": "以前の例外は自動的には適用されず、改めて個別に検討する形になります。",
        "conflict_line_unversioned": (
            "{date}の以前の合意 [{fact_n}] は規定の例外でした。現行の規定は {policy} 第{new}版 [{policy_n}] で、"
            "こちらが適用されます。例外は個別に判断されます。"
        ),
        "next": "次のステップ",
        "next_knowhow": "上記の対応方針に沿って、お客様のケースを検討することができます。"
                        "検討をご希望の場合はご返信ください。",
        "next_plain": "ご状況と異なる点がございましたら、お知らせください。改めて確認いたします。",
        "nothing": "このご質問に当てはまる規定・対応方針・過去の記録が見つかりませんでした。"
                   "正しい規定を確認するため、もう少し詳しくお聞かせいただけますか。",
        "no_history": "この件に関するお客様の過去の記録は見つかりませんでした。",
        "status_active": "有効",
        "status_replaced": "置き換え済み",
        "status_retracted": "取り消し済み",
        "agreement": "、合意",
        "said": "、お客様のお話",
        "said_by_other": "、{speaker}様ご自身の情報（お客様のものではありません）",
        "other_writer": "書き手",
        "trait": "、記録から推定した傾向",
        "sep": "、",
        "quoted": "「{text}」",
        "stale": "注意：ここで使用したサービス情報は最新でない可能性があります（{reason}）。",
        "sources": "出典",
    },
    "ko": {
        "greeting": "문의해 주셔서 감사합니다. 고객님의 경우에 적용되는 내용을 안내해 드립니다.",
        "rule": "현행 규정",
        "rule_line": "{title} ({id}, 제{version}판): \"{quote}\" [{n}]",
        "sibling_line": "같은 제목의 다른 페이지도 이 질문에 해당합니다. {title} ({id}, 제{version}판): "
                        "\"{quote}\" [{n}] — 둘 중 어느 쪽이 고객님의 경우인지 확인해 주세요.",
        "upcoming": "{date}부터 {title} 제{version}판이 적용됩니다(그때까지는 위 규정이 유효합니다): "
                    "\"{summary}\" [{n}]",
        "upcoming_plain": "{date}부터 {title} 제{version}판이 적용됩니다(그때까지는 위 규정이 유효합니다). [{n}]",
        "no_rule": "이 질문에 해당하는 규정을 정책에서 찾지 못했습니다(가장 가까운 페이지: {title} ({id}, "
                   "제{version}판)).",
        "no_rule_exclusion": "이 질문에 해당하는 규정이 정책에 없습니다. 가장 가까운 페이지 {title} "
                             "({id}, 제{version}판) [{n}]에 고객님의 경우가 명시되어 있지는 않지만, "
                             "제외되는 경우를 정하고 있습니다. "
                             "고객님의 경우가 이에 해당하는지 확인해 주세요: {quote}",
        "other_language_rule": "{policy_language}로 작성된 정책의 규정이 답이 될 수 있습니다. "
                               "{title} ({id}, 제{version}판): {quote}",
        "no_rule_language": "정책의 언어로는 해당 규정을 찾지 못했습니다. {title} ({id}, 제{version}판) [{n}]은(는) "
                            "질문과 다른 언어로 작성되어 있습니다.",
        "no_policy_language": "정책의 언어로는 해당 규정을 찾지 못했습니다. 정책은 {policy_language}로 작성되어 있고, "
                              "이 질문은 다른 언어로 되어 있습니다.",
        "language_and": "와 ",
        "no_rule_in_language": "이 질문의 언어로는 해당하는 규정이 정책에 없습니다.",
        "language_en": "영어",
        "language_ko": "한국어",
        "language_ja": "일본어",
        "quote_join": "\" \"",
        "short_figure": "요점: {figure} (아래 규정에 따름) [{n}]",
        "short_announced": "아직 적용되지 않습니다: {when} {figure} (아래 규정이 예고한 변경) [{n}]. "
                           "그때까지는 현재 규정이 적용됩니다.",
        "short_yes": "예 — 아래 규정에서 허용됩니다 [{n}].",
        "short_yes_states": "예 — 아래 규정에 그렇게 정해져 있습니다 [{n}].",
        "short_depends": "아래 규정이 정한 조건에 따라 다릅니다 [{n}].",
        "short_no": "아니요 — 아래 규정에서 허용되지 않습니다 [{n}].",
        "days_beyond": "고객님의 경우({asked})는 이 규정의 {limit} 기간을 넘었습니다.",
        "days_past_start": "고객님의 경우({asked})는 이 규정이 적용되기 시작하는 {limit} 시점을 지났습니다.",
        "days_before_start": "고객님의 경우({asked})는 이 규정이 적용되기 시작하는 {limit} 시점에 "
                             "아직 이르지 않았습니다.",
        "days_within": "고객님의 경우({asked})는 이 규정의 {limit} 기간 안에 있습니다.",
        "days_depends": "고객님의 경우({asked})는 정확한 날짜에 따라 이 규정의 {limit} 기간 안일 수도, "
                        "넘었을 수도 있습니다.",
        "knowhow": "비슷한 경우의 처리 방침",
        "knowhow_line": "\"{when}\"인 경우: \"{then}\" (고객 {customers}명의 사례에 근거{notes}) [{n}]",
        "knowhow_quote": "\"{quote}\"{notes} [{n}]",
        "knowhow_quote_notes": " ({notes})",
        "knowhow_older_policy": "{policy} 제{old}판 기준으로 승인, 현행은 제{new}판",
        "knowhow_not_applicable": "\"{when}\"인 경우의 처리 방침 [{n}]이 있지만, 고객님의 등록 정보와 일치하지 않아 "
                                  "이번에는 적용되지 않습니다.",
        "knowhow_not_shown": "\"{when}\"인 경우의 처리 방침 [{n}]이 있지만, 고객님의 등록 정보로는 이에 해당하는지 "
                             "확인되지 않아 이번에는 적용되지 않습니다.",
        "history": "고객님과의 이전 기록",
        "fact_line": "{date}: {text} ({status}{kind}{notes}) — 고객님 말씀: \"{quote}\" [{n}]",
        "fact_line_noquote": "{date}: {text} ({status}{kind}{notes}) [{n}]",
        "recheck": "재확인 필요",
        "recheck_reason": "재확인 필요: {reason}",
        "older_policy": "{policy} 제{old}판 당시의 기록(현행은 제{new}판)",
        "conflict": "확인해 주세요",
        "conflict_line": (
            "{date}의 이전 합의 [{fact_n}]는 {policy} 제{old}판에서 이루어졌습니다. 현재 적용되는 규정은 "
            "{policy} 제{new}판 [{policy_n}]이며, 이 규정이 적용됩니다."
        ),
        "exception_tail": "이전의 예외는 자동으로 적용되지 않으며, "
                          "새로 개별 검토하는 방식으로만 다시 고려될 수 있습니다.",
        "conflict_line_unversioned": (
            "{date}의 이전 합의 [{fact_n}]는 규정의 예외였습니다. 현행 규정은 {policy} 제{new}판 [{policy_n}]이며, "
            "이 규정이 적용됩니다. 예외는 개별적으로 판단됩니다."
        ),
        "next": "다음 단계",
        "next_knowhow": "위의 처리 방침에 따라 고객님의 건을 검토해 드릴 수 있습니다. 검토를 원하시면 회신해 주세요.",
        "next_plain": "고객님의 상황과 다른 점이 있으면 알려 주세요. 다시 확인해 드리겠습니다.",
        "nothing": "이 질문에 해당하는 규정, 처리 방침, 이전 기록을 찾지 못했습니다. "
                   "정확한 규정을 확인할 수 있도록 조금 더 자세히 알려 주시겠어요?",
        "no_history": "이 건에 관한 고객님의 이전 기록은 찾지 못했습니다.",
        "status_active": "유효",
        "status_replaced": "대체됨",
        "status_retracted": "철회됨",
        "agreement": ", 합의",
        "said": ", 고객님 말씀",
        "said_by_other": ", {speaker} 님 본인 정보(고객님 정보 아님)",
        "other_writer": "작성자",
        "trait": ", 기록에서 추정한 경향",
        "sep": "; ",
        "quoted": "\"{text}\"",
        "stale": "참고: 여기에서 사용한 서비스 정보가 최신이 아닐 수 있습니다 ({reason}).",
        "sources": "출처",
    },
}


def phrase(language: str, key: str, **values: object) -> str:
    table = PHRASES.get(language, PHRASES["en"])
    return table[key].format(**values) if values else table[key]
