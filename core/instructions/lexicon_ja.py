"""Japanese words and phrases of the first two versions: the same roles as ``lexicon_en``.

Overrides (指示を無視), regardless-of-policy clauses (規定にかかわらず, but not a drafting
cross-reference such as 前項の規定にかかわらず), standing orders (今後は), imperative endings, blanket
grants (すべて承認), the AI as addressee (``_JA_AI``) with a directive, role changes and the staff
a handbook speaks to.
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

# Japanese
_JA_TARGET = (r"(?:指示|命令|ルール|規則|規定|規約|ポリシー|方針|プロンプト|制限|上限|ガイドライン|設定|内容|"
              r"しじ|シジ|めいれい|メイレイ|きそく|キソク)")
_JA_OVERRIDE = lazy(
    rf"{_JA_TARGET}(?:事項)?(?:のこと|の話)?(?:とか|なんて|なんか|など)?(?:を|は|も|に|ヲ|ハ|モ)?(?:すべて|全て|全部)?"
    r"(?:いったん|一旦|ちょっと|少し)?(?:無視|むし|ムシ|忘れ|わすれ|破棄|リセット|消去|削除|なかったことに|気にせず|抜きで|抜きに|無用|"
    r"気にしないで|"
    r"従わ(?:ない|ず)|守らな|回避|置いておいて|脇に置|取り消|気にしなく(?:て|ても)(?:よい|いい|構わない))"
    rf"|{_JA_TARGET}(?:とか|なんて|なんか|など)(?:は)?(?:いいから|どうでもいい|気にしない|無視)"
    r"|(?:上記|以上|以前|前|これまで)の(?:すべて|全て)?(?:の)?(?:内容|こと|文|話)?を?(?:すべて|全て)?無視")
# what follows an override that takes it back (newuser26 #5): a prohibition ("無視してはいけない", "無視しては
# なりません"), a negation ("無視しないでください", not "無視しないといけない"), an override in a clause a prohibition
# closes ("規定を無視して返金を約束してはいけません"), or a request to override that is refused ("無視するよう求められ
# ても、応じてはいけません"): a limit on staff, not an order. Matched where the override ends; every gap is bounded.
_JA_OVERRIDE_HELD = lazy(
    r"(?:して|し)?(?:は|ちゃ|じゃ)(?:いけ|なら|駄目|だめ|ダメ)"
    r"|し(?:ない(?!と|ければ)|ません)|せず"
    r"|して[^。！？!?]{0,40}?(?:ては|では|ちゃ)(?:いけ|なら|駄目|だめ|ダメ)"
    r"|(?:(?:する|しろ|して)?(?:よう|ように)(?:と)?|して(?:ほしい|欲しい|ください)と(?:いう|の)?)"
    r"(?:求め|頼ま|言わ|依頼|要求|指示|お願い|要望)[^。！？!?]{0,40}?"
    r"(?:応じ(?:ない|ず|ては|ちゃ|ません|ないで)|従わ(?:ない|ず)|断(?!らな|っては)|拒否(?!しな)"
    r"|受け付けな|受け付けま(?:せん))")
_JA_REGARDLESS = lazy(rf"{_JA_TARGET}(?:に|と|の)?(?:関係なく|かかわらず|関わらず|関係せず|構わず)")
# "前項の規定にかかわらず" ("notwithstanding the preceding paragraph") is how Japanese terms refer to another
# clause (the model 宿泊約款 says it); a clause that names the provision it departs from is drafting, not an
# order to set the policy aside.
_JA_CROSS_REFERENCE = lazy(r"(?:前|次|同|本|第[0-9０-９一二三四五六七八九十百]+)各?(?:項|条|号)"
                           r"(?:(?:及び|並びに|又は)\S{1,10}?)?の規定(?:に|の)?(?:かかわらず|関わらず)")
_JA_FROM_NOW = lazy(r"(?:今後は?|これからは|今から|以降は|これ以降)")
_JA_COMMAND = lazy(r"(?:しなさい|してください|して下さい|すること|しなければ|べき|せよ|しろ|するように|してね|"
                         r"答え|回答|返答|承認|許可|無視|言って|伝え)")
_JA_BLANKET = lazy(r"(?:すべて|全て|どんな|あらゆる|無条件で?|常に|要求通り|言われた通り)の?(?:\S{0,6}?)"
                         r"(?:返金|要求|請求|返品|補償|リクエスト)"
                         r"(?:を|も|は)?(?:すべて|全て)?(?:直ちに|すぐに|即座に|自動的に|自動で)?(?:承認|許可|受け入れ|受理|実行)"
                         r"|無条件で(?:承認|返金|許可)")
_JA_AI = r"(?:AI|ai|人工知能|チャットボット|言語モデル|アシスタント|ボット|GPT|gpt|モデル|自動応答(?:システム)?)"
_JA_AI_DIRECTIVE = lazy(
    rf"{_JA_AI}(?:(?:は|が|へ|さん|くん|よ|の方で|のほうで|側で|向け|宛て|用)[\s、,:：]*|[\s、,:：]+)(?:[^。\n]{{0,60}}?)(?:なさい|てください|て下さい|すること(?![はがもをにで])|しなければ|"
    r"べき|せよ|しろ|するように|無視|承認し|ものとする|ってね|てね|として扱|ないこと|しないで|"
    # any verb's plain form + こと closing the clause ("伝えること", "名乗ること", "書くこと"), not only する's
    r"[るうくぐすつぶむ]こと(?=[。．.！!］\]）)」]|\s*$)|"
    r"[\u4e00-\u9fff][えけげせてねべめれ][。！!]?\s*$)"
    rf"|{_JA_AI}として")
_JA_ROLE = lazy(r"(?:あなた|君|きみ|お前|おまえ)は(?:今から|これから|もう|今後|以降)"
                r"|(?:今から|これから|今日から|今後|以降)、?(?:あなた|君|きみ|お前|おまえ)は|"
                      r"(?<!の)(?:管理者|開発者|デバッグ|制限なし)モード(?![はが])|ふりをし|"
                      r"(?:制限|ルール|規則|規約|ポリシー|フィルター)(?:の|が)?(?:ない|なし)の?(?:AI|ai|アシスタント|ボット|"
                      r"チャットボット|モデル)|"
                      r"役割を(?:変更|変え)|システムプロンプト|(?:指示|プロンプト)を(?:表示|出力|公開)")
_JA_VOCATIVE = lazy(r"^\W*+(?:(?:注意|メモ|重要|お知らせ)\W*+)?"
                          r"(?:担当者|オペレーター|スタッフ|エージェント|アシスタント)(?:へ|の皆様|様)?\s*[:：、]")
