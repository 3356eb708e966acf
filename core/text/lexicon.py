"""A support-domain lexicon: words customers use for what a policy calls by another name.

Customers ask "Do kids stay free?", "Can I pause my membership?", "代引きの手数料は?" about policies
that say children, freeze and 代金引換. The search analyzer stems words but knows no synonyms, so
such a question reaches neither the page (search) nor the sentence (``mem.agent.rule_quote``).

``GROUPS`` holds words and short phrases that mean the same thing, or the same thing for a customer
service (customer service, retail, travel, subscription, billing and account vocabulary, in English,
Korean and Japanese), written from general knowledge of that vocabulary — not from any question set.
A word may sit in several groups ("cancel" ends an order and a contract). Irregular English forms
that the stemmer leaves apart ("left" / "leave", "paid" / "pay") are groups too.

``KINDS`` relates a thing customers name to the kind a policy names ("sofa" → furniture, "puppy" →
pets, "my brother" → household), one way only: a rule about furniture answers for a sofa, a rule
about sofas does not answer for all furniture, and a sofa is never a bed.
``GOODS`` is the kind of every kind of goods (items, 상품, 商品): the widest, weighed only on a page that holds
the thing in no narrower way.

Related words are weaker evidence than the question's own words: search adds them with
``RELATED_WEIGHT`` and the sentence choice counts them below an exact match.

``MEASURES``: what a "how long / how much / how old / how many / what time" question asks for, and
the figure in a sentence that answers it ("14日以内", "30 dollars", "21 years old").

Nothing is parsed at import: the groups are analysed on first use (``lexicon()``), like the
analyzer itself, so a command that never searches a policy never pays for them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from mem.core.text.cjk import bigrams, cjk_runs, is_cjk
from mem.core.text.pattern import LazyPattern, lazy

_NEGATIONS = frozenset({"no", "not", "without", "never"})
# Search weighs a related word at this share of the question's own words.
RELATED_WEIGHT = 0.5

# One group per line (an indented line continues the group above): words and phrases that a customer
# and a policy use for the same thing.
GROUPS = """
child, children, kid, kids, baby, babies, infant, toddler, minor, 아이, 어린이, 아동, 유아, 자녀, 子供, 子ども,
    こども, お子様, 幼児, 乳幼児, 小児
adult, grown-up, 성인, 어른, 大人, 成人
guest, visitor, friend, companion, 손님, 동반자, 게스트, 同伴者, 来客, ゲスト
family, household, spouse, partner, wife, husband, relative, 가족, 배우자, 家族, 世帯, 配偶者
home, house, household, live, lives, living, reside, residence, residential, address, flat, apartment, 집, 주소,
    거주, 自宅, 住所, 居住
customer, client, buyer, shopper, 고객, 구매자, お客様, 顧客, 購入者
member, subscriber, 회원, 会員, 加入者
seller, vendor, merchant, shop, store, 판매자, 판매처, 販売者, 出品者, 店舗
staff, employee, agent, representative, 직원, 상담원, スタッフ, 担当者
passenger, traveller, traveler, 승객, 乗客
age, aged, old, 나이, 연령, 年齢
refund, refunded, reimburse, reimbursement, repay, money back, 환불, 返金, 払い戻し
fee, charge, cost, price, pricing, rate, fare, pay, paying, paid, 요금, 수수료, 비용, 가격, 料金, 手数料, 費用,
    値段, 価格
free, free of charge, no charge, no cost, complimentary, 무료, 공짜, 無料
payment, pay, paid, paying, 결제, 지불, 支払い, 支払, 決済
cash, 현금, 現金
cash on delivery, 代金引換, 代引き, 代引
discount, reduction, coupon, promo, promotion, 할인, 쿠폰, 割引, クーポン
invoice, receipt, 영수증, 領収書, 請求書
bill, billing, invoice, statement, 청구, 청구서, 명세서, 請求, 明細
instalment, installment, instalments, installments, 할부, 分割払い, 分割
card, credit card, debit card, 카드, 신용카드, カード, クレジットカード
deposit, security deposit, 보증금, 保証金, デポジット
interest, 이자, 金利, 利息
delivery, deliver, delivered, shipping, ship, shipped, shipment, dispatch, dispatched, courier, 배송, post, postage,
    send out, sent out, 배달, 택배, 발송, 配送, 配達, 発送, お届け
package, parcel, 소포, 荷物, 小包
item, items, product, goods, thing, things, belongings, stuff, merchandise, 상품, 물건, 제품, 商品, 品物, 製品, 私物
buy, bought, purchase, purchased, 구매, 구입, 購入
order, ordered, 주문, 注文
arrive, arrival, arrived, reach, receive, received, 도착, 수령, 到着, 受け取り, 受取
late, delay, delayed, overdue, 늦, 지연, 연체, 遅れ, 遅延, 延滞
lost, lose, losing, missing, stolen, steal, theft, 분실, 도난, 잃어버리, 잃어버렸, 紛失, 盗難, なくし, 無くし,
    失くし
damage, damaged, broken, break, broke, crack, cracked, defect, defective, faulty, 파손, 고장, 불량, 破損, 故障, 不良
water, liquid, wet, spill, 침수, 水濡れ, 浸水
return, send back, sent back, bring back, 반품, 返品
exchange, swap, replace, replacement, 교환, 交換
cancel, cancellation, call off, 취소, キャンセル, 取り消し, 取消
cancel, cancellation, end, ended, ending, terminate, termination, quit, stop, close, unsubscribe, 해지, 탈퇴, 解約,
    退会
booking, book, booked, reservation, reserve, reserved, appointment, ticket, 예약, 예매, 予約
identification, id, identity, passport, photo id, 신분증, 身分証, 本人確認
account, profile, login, password, 계정, 아이디, アカウント
share, sharing, lend, 공유, 나눠, 나누, 쉐어, 쉐어링, 共有, シェア, 分け合
pet, pets, dog, cat, animal, 반려동물, 애완동물, 강아지, 고양이, ペット, 犬, 猫, 動物
plane, flight, aircraft, airplane, cabin, onboard, 비행기, 기내, 항공편, 飛行機, 機内
luggage, baggage, bag, bags, suitcase, 수하물, 짐, 가방, 手荷物, 預け荷物, スーツケース
car, vehicle, auto, 차량, 자동차, 車, 車両, 自動車
rent, rental, hire, lease, 렌트, 대여, 임대, レンタル, 貸出
extra, additional, add, another, 추가, 追加
bed, cot, crib, 침대, 아기침대, ベッド, ベビーベッド
room, 객실, 部屋, 客室
smoke, smoking, cigarette, vape, 흡연, 담배, 喫煙, たばこ, タバコ
pause, freeze, frozen, suspend, suspension, put on hold, 일시정지, 정지, 휴면, 一時停止, 休止, 休会
leave, left, 두고
notice, in advance, beforehand, advance notice, 사전, 미리, 事前, 前もって
period, duration, window, deadline, 기간, 기한, 期間, 期限
expire, expires, expiry, expiration, valid, validity, lapse, 만료, 소멸, 유효기간, 有効期限, 失効, 期限切れ
point, points, reward, rewards, 포인트, 적립금, ポイント
level, tier, grade, rank, status, 등급, ランク, ステータス
sign up, join, register, registration, enrol, enroll, 가입, 등록, 登録, 入会, 加入
warranty, guarantee, 보증, 보증기간, 保証
repair, fix, 수리, 修理
cover, covered, coverage, include, included, 보장, 포함, 対象, 含む
insurance, insured, 보험, 保険
abroad, overseas, foreign, international, 해외, 국외, 海外, 国外
country, countries, 나라, 국가
laptop, computer, notebook, pc, 노트북, 컴퓨터, ノートパソコン, パソコン
phone, mobile, cell, cellphone, smartphone, handset, device, 휴대폰, 핸드폰, 스마트폰, 携帯, スマホ, 端末
contract, agreement, deal, minimum term, 약정, 계약, 契約
plan, subscription, membership, 요금제, 구독, 멤버십, プラン, 定期購入
minimum, at least, least, 최소, 最低
maximum, at most, limit, 최대, 한도, 上限, 最大
frequency, how often, interval, 주기, 빈도, 周期, 頻度
review, rating, rate, feedback, 리뷰, 후기, 평가, レビュー, 評価, 口コミ
change, modify, edit, update, alter, amend, switch, correct, fix, 변경, 수정, 変更, 修正
transfer, move, 이전, 이동, 移行
contact, support, customer service, helpline, 고객센터, 문의, 問い合わせ, サポート
complaint, dispute, claim, 분쟁, 이의, 클레임, 異議, 申し立て, クレーム
weekend, saturday, sunday, holiday, holidays, 주말, 토요일, 일요일, 공휴일, 휴일, 週末, 土曜, 日曜, 祝日, 休日
night, overnight, 夜, 一晩
parking, park, garage, 주차, 駐車
trial, free trial, 체험, 무료체험, お試し, 無料体験, トライアル
gift, present, 선물, 贈り物, プレゼント, ギフト
wrap, wrapping, 포장, 包装, ラッピング
ticket, tickets, 티켓, 입장권, チケット
seat, seats, 좌석, 座席
show, concert, performance, 공연, 콘서트, 公演, ライブ
enter, entry, admission, admit, 입장, 入場
watch, view, viewing, stream, 시청, 관람, 視聴, 観覧, 鑑賞
withdraw, withdrawal, atm, 인출, 출금, 引き出し, 出金
responsible, liable, liability, 책임, 責任
speed, fast, slow, 속도, 速度
open, opening, 영업, 営業, 開店
close, closing, closed, 마감, 閉店
send, sent, 보내, 送る
once, twice, again, one time, two times, second time, one more time, more than once, 한 번, 두 번, 다시, 一度,
    二度, 再度
early, earlier, early check-in, 일찍, 早め, 早く, アーリー
rest, remaining, remainder, balance, leftover, unused, 잔액, 남은, 残り, 残額
voucher, certificate, travel certificate, credit, store credit, credit note, 바우처, 상품권, クーポン券, 商品券
compensation, compensate, goodwill, make up for, 보상, 배상, 補償, 賠償
reply, replies, respond, response, answer, get back to, 답변, 회신, 응답, 返信, 回答
notify, notification, remind, reminder, warn, warning, alert, inform, let know, 알림, 통지, 안내, 通知, お知らせ, 連絡
assemble, assembly, assembled, put together, build, set up, install, installation, 조립, 설치, 組み立て, 組立, 設置
dispose, disposal, throw away, throw out, discard, get rid of, bin, 폐기, 버리, 処分, 廃棄, 捨て
track, tracking, trace, 추적, 배송조회, 追跡
remove, removal, drop, take off, delete, 삭제, 제거, 削除, 取り外し
switch, 전환, 切り替え
mount, hang, anchor, fix to the wall, 벽걸이, 設置, 壁掛け, 取り付け
competitor, another store, other store, other retailer, elsewhere, 타사, 경쟁사, 他社, 他店
cheaper, price drop, lower price, reduced, markdown, sale, 인하, 値下げ, 値引き
leg, segment, 구간, 区間
class, cabin, cabin class, fare class, 클래스, クラス
trip, journey, travel, 여행, 旅行
fly, flew, flown, flying, flight, 탑승, 搭乗
people, person, persons, passenger, passengers, 인원, 사람, 人数, 名様
login, log in, sign in, password, account, 로그인, ログイン
pay later, pay-later, buy now pay later, instalment, installment, 후불, 後払い
penalty, fine, late fee, late charge, late payment fee, surcharge, 연체료, 가산금, 과태료, 延滞金, 遅延損害金
early termination charge, early termination fee, exit fee, cancellation fee, cancellation charge, break fee,
    위약금, 해지위약금, 취소수수료, 違約金, キャンセル料, 解約金
money, 돈, 금액, お金, 代金
owe, pay, charge, 내야, 払わ
deposit, down payment, advance payment, prepayment, 선금, 계약금, 예약금, 보증금, 前金, 内金, 予約金, 申込金, 前払い
unpaid, overdue, outstanding, arrears, missed payment, 밀리, 밀린, 미납, 체납, 연체, 未払い, 滞納, 延滞
disconnect, disconnection, cut off, restrict, suspend, 끊기, 끊겨, 끊길, 끊어, 정지, 차단, 중단, 停止, 止め, 利用停止
engineer, technician, tech, installer, 기사, 기사님, 엔지니어, 작업자, 技術者, 作業員, 工事担当者
router, modem, hub, equipment, 공유기, 모뎀, 장비, 단말, ルーター, モデム, 機器
internet, broadband, connection, line, online, wifi, 인터넷, 회선, 와이파이, ネット, インターネット, 回線
fault, outage, down, dead, not working, no connection, 장애, 불통, 먹통, 障害, 不通, 故障
apply, application, request, claim, 신청, 청구, 요청, 申請, 申し込み, 申込, 請求
meal, food, breakfast, dinner, lunch, 식사, 조식, 석식, 밥, 食事, 夕食, 朝食, ご飯, ごはん, 飯
proof, prove, evidence, document, documents, documentation, paperwork, 증빙, 서류, 증명, 証明, 書類
increase, rise, go up, raise, price rise, 인상, 오르, 値上げ, 上がる
court, proceedings, legal action, sue, lawsuit, 소송, 법원, 裁判, 訴訟
turn up, turned up, show up, showed up, arrive, arrived
setup, set-up, activation, activate, connection, go live, 개통, 開通, 利用開始
weather, storm, snow, flood, typhoon, severe weather, 날씨, 태풍, 폭설, 폭우, 천재지변, 天候, 悪天候, 台風, 大雪,
    災害
business, commercial, company, 사업, 영업용, 상업, 法人, 事業, 商用
manage, handle, deal with, look after, take care of, 관리, 管理
resolve, sort out, settle, deal with, handle, 해결, 처리, 解決, 対応
restart, start again, start over, reset, 재시작, 다시 시작, 再開, やり直し
call, phone call, 통화, 전화, 발신, 通話, 電話
pay, paid
get, got
take, took, taken
bring, brought
choose, chose, chosen, select, pick
"""

# One kind per line: the general word(s) a policy uses, a colon, then the specific things customers name.
# Unlike a group, a kind relates one way: "sofa" is held by a rule about furniture, but "furniture" is
# not held by a rule about sofas only, and a sofa is never a bed.
KINDS = """
abroad, overseas, 해외, 海外: canada, america, usa, australia, japan, china, korea, france, germany, spain, italy,
    캐나다, 미국, 호주, 일본, 중국, 영국, 프랑스, 독일, カナダ, アメリカ, オーストラリア, 韓国, 中国, イギリス
furniture, 가구, 家具: sofa, couch, settee, loveseat, armchair, chair, recliner, table, desk, bed, bed frame,
    headboard, dresser, wardrobe, closet, bookcase, bookshelf, shelf, shelves, cabinet, sideboard, nightstand,
    ottoman, stool, bench, tv unit, 소파, 의자, 책상, 침대, 식탁, 옷장, 책장, 선반, ソファ, 椅子, 机, テーブル,
    ベッド, タンス, 本棚, 棚
mattress, 매트리스, マットレス: mattress topper
bedding, 침구, 寝具: duvet, duvet cover, pillow, pillowcase, sheet, sheets, blanket, throw, quilt, comforter, 이불,
    베개, 布団, 枕, 毛布
electronics, device, 전자제품, 기기, 電子機器, 端末: tv, television, laptop, phone, smartphone, tablet, headphones,
    earbuds, earphones, speaker, camera, console, monitor, printer, smartwatch, 티비, 텔레비전, 노트북, 태블릿, 카메라,
    휴대폰, 핸드폰, 스마트폰, 이어폰, 헤드폰, 스피커, テレビ, タブレット, カメラ, パソコン, ノートパソコン, スマホ,
    スマートフォン, イヤホン, ヘッドホン, スピーカー
appliance, appliances, 가전, 家電: fridge, refrigerator, washer, washing machine, dryer, dishwasher, oven,
    microwave, kettle, toaster, blender, vacuum, air fryer, coffee maker, 냉장고, 세탁기, 건조기, 청소기,
    전자레인지, 冷蔵庫, 洗濯機, 掃除機, 電子レンジ
clothing, clothes, apparel, garment, 의류, 옷, 衣類, 洋服, 服: shirt, t-shirt, jeans, trousers, pants, dress, skirt,
    jacket, coat, sweater, hoodie, shoes, sneakers, boots, socks, 셔츠, 바지, 신발, 치마, 재킷, 코트, 원피스, シャツ,
    ズボン, 靴, スカート, コート, ジャケット, ワンピース
jewellery, jewelry, 주얼리, 액세서리, ジュエリー, アクセサリー: ring, necklace, earrings, bracelet, 반지, 목걸이,
    指輪, ネックレス
pet, pets, animal, 반려동물, ペット, 動物: puppy, kitten, dog, cat, rabbit, hamster, bird, 강아지, 고양이, 子犬, 子猫
family, household, relative, relatives, 가족, 친척, 家族, 世帯, 親族: brother, sister, sibling, mom, mum, mother,
    dad, father, parent, parents, son,
    daughter, grandmother, grandma, grandfather, grandpa, roommate, flatmate, 형, 누나, 언니, 오빠, 동생, 엄마,
    아빠, 부모, 아들, 딸, 兄, 姉, 弟, 妹, 母, 父, 両親, 息子, 娘
damage, damaged, 파손, 손상, 破損, 損傷: dent, dented, scratch, scratched, stain, stained, tear, torn, rip, ripped,
    chip, chipped, crack, cracked, sag, sagging, dip, 흠집, 찍힘, 얼룩, 傷, 汚れ, へこみ
staff, crew, team, 직원, 기사, スタッフ, 作業員: guy, guys, driver, courier, technician, assembler, installer,
    delivery person
money, dollars, 돈, お金: bucks, dollar, quid, cash
price, cost, 가격, 비용, 価格, 料金: expensive, cheap, pricey
change, 변경, 変更: upgrade, downgrade, 업그레이드, 다운그레이드, アップグレード, ダウングレード
"""


@dataclass(frozen=True)
class Measure:
    """What a question of one kind asks for, and the figure of a sentence that answers it."""

    name: str
    asks: LazyPattern  # in the question ("how long", "何日", "몇 살")
    words: frozenset[str]  # key words of the question that name it ("age", "period"); CJK ones begin it ("살부터")
    figure: LazyPattern  # in a sentence ("14 days", "30 dollars", "14세")


_DURATION_UNIT = (r"(?:business\s+|working\s+|calendar\s+)?(?:days?|weeks?|months?|years?|hours?|minutes?|nights?)"
                  r"|영업일|일|주|개월|달|년|시간|분|営業日|日|週間|週|か月|ヶ月|カ月|年|時間|分")
_NUMBER = r"(?:\d+(?:[.,]\d+)*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
MEASURES = (
    Measure("duration",
            lazy(r"\bhow\s+(?:long|soon|fast|quickly|many\s+(?:days|weeks|months|years|hours))\b|\buntil\s+when\b|"
                 r"\bby\s+when\b|"
                 r"며칠|몇\s*(?:일|주|개월|달|년|시간)|얼마\s*동안|언제까지|기간|기한|"
                 r"何日|何週|何か月|何ヶ月|何年|何時間|いつまで|期間|期限", re.IGNORECASE),
            frozenset({"period", "duration", "long", "deadline", "window", "기간", "기한", "期間", "期限"}),
            lazy(rf"{_NUMBER}\s*-?\s*(?:{_DURATION_UNIT})", re.IGNORECASE)),
    Measure("money",
            # "how much is / does / for …", not "how much data / notice" (an amount of something else)
            lazy(r"\bhow\s+much\b(?!\s+(?!(?:is|are|was|were|does|do|did|will|would|should|can|could|for|to|it|"
                 r"money|more|extra|in|on|i|we|you)\b)[a-z]{3,})|"
                 r"\bwhat\s+(?:is\s+|does\s+)?(?:the\s+)?(?:price|cost|fee|charge|rate)\b|"
                 r"얼마|요금|비용|수수료|가격|いくら|料金|費用|手数料|値段|価格", re.IGNORECASE),
            # 有料 / 유료 ("is it charged?") is answered by the charge as 料金 is
            frozenset({"price", "cost", "fee", "charge", "rate", "fare", "요금", "비용", "수수료", "가격", "유료",
                       "料金", "費用", "手数料", "値段", "価格", "有料"}),
            lazy(r"\d[\d.,]*\s*(?:dollars?|euros?|pounds?|usd|eur|%|percent|원|만\s*원|万\s*円|円|ドル|달러)|[$€£¥₩]\s*\d|"
                 r"\bfree\b|무료|無料", re.IGNORECASE)),
    Measure("age",
            lazy(r"\bhow\s+old\b|\bage\b|몇\s*살|나이|연령|何歳|年齢", re.IGNORECASE),
            frozenset({"age", "old", "나이", "연령", "살", "세", "年齢", "歳"}),
            lazy(r"\d+\s*(?:years?\s+old|years?\s+of\s+age|세|살|歳|才)|\b(?:under|over|at\s+least|aged)\s+\d+",
                 re.IGNORECASE)),
    Measure("weight",
            lazy(r"\bhow\s+heavy\b|\bheav(?:ier|iest)\b|\bweigh|무게|重さ|重量", re.IGNORECASE),
            frozenset({"weight", "heavy", "무게", "重さ", "重量"}),
            lazy(r"\d[\d.,]*\s*(?:kg|kilos?|kilograms?|g|grams?|lbs?|pounds|킬로|キロ)\b", re.IGNORECASE)),
    Measure("count",
            lazy(r"\bhow\s+many\b|\bnumber\s+of\b|몇\s*(?:개|장|매|명|번|회|권)|何(?:個|枚|人|回|名|冊)",
                 re.IGNORECASE),
            frozenset(),
            lazy(rf"{_NUMBER}\b|\d+\s*(?:개|장|매|명|번|회|권|個|枚|人|回|名|冊)", re.IGNORECASE)),
    Measure("time of day",
            lazy(r"\bwhat\s+time\b|\bwhen\s+(?:does|do|is|are)\b.*\b(?:open|close|start|end)|몇\s*시|何時(?!間)",
                 re.IGNORECASE),
            frozenset(),
            lazy(r"\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)\b|\d{1,2}:\d\d|\d+\s*시|\d+\s*時(?!間)|noon|midnight",
                 re.IGNORECASE)),
)


# The goods a shop sells, whatever their kind: a rule about 상품 / 商品 / items answers for a laptop or a shirt
# as a rule about electronics or clothing does (one way, like every kind). Its specific words are every word of
# the kinds of goods below (``GOODS_KINDS``, named by their first general word), their general words included.
GOODS = "item, items, product, products, goods, merchandise, 상품, 제품, 물품, 물건, 商品, 製品, 品物"
GOODS_KINDS = ("furniture", "mattress", "bedding", "electronics", "appliance", "clothing", "jewellery")


@dataclass
class Lexicon:
    """The groups analysed into index terms: English forms as stem sets, CJK forms as words."""

    english: list[list[frozenset[str]]] = field(default_factory=list)  # group → forms (stems)
    cjk: list[list[str]] = field(default_factory=list)  # group → CJK words
    by_stem: dict[str, set[int]] = field(default_factory=dict)  # a one-stem form → its groups
    phrases: list[tuple[tuple[str, ...], int]] = field(default_factory=list)  # several stems, in order
    by_cjk: list[tuple[str, int]] = field(default_factory=list)
    kinds: set[int] = field(default_factory=set)  # the groups that are kinds (``KINDS``: sofa → furniture)
    goods: int = -1  # the kind of every kind of goods (``GOODS``): the widest, weighed only when no other holds
    _cjk_built: tuple[int, tuple[dict[str, set[int]], dict[str, set[int]], int]] = field(
        default=(-1, ({}, {}, 0)), init=False, repr=False, compare=False)

    def groups_of_stem(self, stem: str) -> set[int]:
        return self.by_stem.get(stem, set())

    def groups_of_cjk(self, word: str) -> set[int]:
        """Groups whose CJK word is the question's word, begins or ends it (a particle or a compound:
        "환불요청", "무료체험"), is a longer word inside it, or is begun by it ("代引" of 代引き).

        A two-character word in the middle does not count: "해지" (cancel) sits inside "정해지나" (is decided).

        The words are looked up by the pieces of ``word`` (at most as long as the longest word), not read one
        by one for each word of a question: a long Korean or Japanese message asked this thousands of times,
        and reading the whole lexicon each time was most of ``mem ask``'s time (docs/ask.md, "Long messages").
        """
        entries, begun, longest = self._cjk_index()
        found: set[int] = set(begun.get(word, ())) if len(word) >= 2 else set()
        size = len(word)
        for start in range(size):
            for end in range(start + 1, min(size, start + longest) + 1):
                groups = entries.get(word[start:end])
                if groups is None:
                    continue
                length = end - start
                if (length == size or (length >= 2 and (start == 0 or end == size)) or length >= 3
                        or (length == 1 and start == 0 and size <= 3)):
                    found |= groups
        return found

    def _cjk_index(self) -> tuple[dict[str, set[int]], dict[str, set[int]], int]:
        """CJK words → their groups, every beginning of two characters or more of a word → its groups, and
        the longest word's length; built on first use (again if words were added since)."""
        if self._cjk_built[0] != len(self.by_cjk):
            entries: dict[str, set[int]] = {}
            begun: dict[str, set[int]] = {}
            for entry, group in self.by_cjk:
                entries.setdefault(entry, set()).add(group)
                for end in range(2, len(entry) + 1):
                    begun.setdefault(entry[:end], set()).add(group)
            self._cjk_built = (len(self.by_cjk), (entries, begun, max(map(len, entries), default=0)))
        return self._cjk_built[1]

    def phrase_groups(self, stems: list[str]) -> list[tuple[int, int, int]]:
        """(start, end, group) of every lexicon phrase found as consecutive ``stems``."""
        found = []
        for phrase, group in self.phrases:
            size = len(phrase)
            for start in range(len(stems) - size + 1):
                if tuple(stems[start:start + size]) == phrase:
                    found.append((start, start + size, group))
        return found


def _stems(words: object, entry: str) -> tuple[str, ...]:
    """An English entry's stems without the words a question loses before it is matched (``QUESTION``:
    "at", "in", "time"), so "second time" and "in advance" meet a question's "second" and "advance"."""
    from mem.core.text.stopwords import QUESTION, QUESTION_FILLER

    kept = " ".join(word for word in entry.split() if word.lower() not in QUESTION)
    if not kept or kept.lower() in QUESTION_FILLER:
        kept = entry  # "again" alone; "one time" is not "one"
    return tuple(words.analyze(kept))  # type: ignore[attr-defined]


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The analysed lexicon of this process, built on first use."""
    from mem.core.text.analyzer import WORDS, analyzers

    words = analyzers()[WORDS]
    built = Lexicon()
    lines: list[str] = []
    for line in GROUPS.strip().splitlines():
        if line.startswith(" ") and lines:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    for line in lines:
        group = len(built.english)
        english: list[frozenset[str]] = []
        cjk: list[str] = []
        for entry in (part.strip() for part in line.split(",")):
            if not entry:
                continue
            if is_cjk(entry):
                cjk.append(entry)
                built.by_cjk.append((entry, group))
                continue
            stems = _stems(words, entry)
            if not stems or _NEGATIONS & set(entry.lower().split()):
                # the analyzer drops "no" as a stop word: "no charge" would relate "free" to "charge"
                continue
            english.append(frozenset(stems))
            if len(stems) == 1:
                built.by_stem.setdefault(stems[0], set()).add(group)
            else:
                built.phrases.append((stems, group))
        built.english.append(english)
        built.cjk.append(cjk)
    kinds: list[str] = []
    for line in KINDS.strip().splitlines():
        if line.startswith(" ") and kinds:
            kinds[-1] += " " + line.strip()
        else:
            kinds.append(line)
    goods = [line.replace(":", ",", 1) for line in kinds if line.split(",", 1)[0].strip() in GOODS_KINDS]
    kinds.append(f"{GOODS}: {', '.join(goods)}")
    built.goods = len(built.english) + len(kinds) - 1
    for line in kinds:
        general, specific = line.split(":", 1)
        group = len(built.english)
        english, cjk = [], []
        for entry in (part.strip() for part in general.split(",")):
            if is_cjk(entry):
                cjk.append(entry)
                built.by_cjk.append((entry, group))
            elif entry:
                stems = _stems(words, entry)
                english.append(frozenset(stems))
                if len(stems) == 1:
                    built.by_stem.setdefault(stems[0], set()).add(group)
        # the specific words find the kind but are not its forms: the relation goes one way
        for entry in (part.strip() for part in specific.split(",")):
            if is_cjk(entry):
                built.by_cjk.append((entry, group))
            elif entry:
                stems = _stems(words, entry)
                if len(stems) == 1:
                    built.by_stem.setdefault(stems[0], set()).add(group)
                elif stems:
                    built.phrases.append((stems, group))
        built.english.append(english)
        built.cjk.append(cjk)
        built.kinds.add(group)
    return built


def related_forms(groups: set[int], *, cjk: bool, besides: frozenset[str] = frozenset()) -> list[frozenset[str]]:
    """The forms of ``groups`` in one script: English stem sets, or CJK words' bigram sets (``cjk``).

    A question and a page in different scripts never meet, so a word relates only to its own script.
    """
    built = lexicon()
    forms: list[frozenset[str]] = []
    for group in sorted(groups):
        if cjk:
            forms += [frozenset(bigrams(word)) for word in built.cjk[group]]
        else:
            forms += list(built.english[group])
    return [form for form in dict.fromkeys(forms) if form and form != besides]


def related_terms(query: str, terms: list[str]) -> dict[str, float]:
    """Index terms related to a search's ``terms`` (and the CJK words of ``query``), with their weights.

    A related term the query already holds is left out; a phrase's stems share its weight.
    """
    built = lexicon()
    english: set[int] = set()
    for term in terms:
        english |= built.groups_of_stem(term)
    english |= {group for _, _, group in built.phrase_groups(terms)}
    wide: set[int] = set()
    for run in cjk_runs(query):
        wide |= built.groups_of_cjk(run)
    own = set(terms)
    weights: dict[str, float] = {}
    for groups, cjk in ((english, False), (wide, True)):
        for form in related_forms(groups, cjk=cjk):
            for term in form:
                if term not in own:
                    weights[term] = max(weights.get(term, 0.0), RELATED_WEIGHT / len(form))
    return weights


def measures_asked(question: str, words: list[str]) -> list[Measure]:
    """The measures ``question`` asks for: by its wording ("how long", "몇 살") or one of its ``words`` ("age")."""
    lowered = question.lower()
    return [m for m in MEASURES if m.asks.search(lowered) or any(names(m, word) for word in words)]


def names(measure: Measure, word: str) -> bool:
    """Whether a question's ``word`` names what ``measure`` measures ("age"; "살부터" begins with 살)."""
    word = word.lower()
    if word in measure.words:
        return True
    return is_cjk(word) and any(is_cjk(noun) and word.startswith(noun) for noun in measure.words)
