//! Dilemma outcomes: whether the crew or Away Team overcomes a dilemma's
//! conditions, and whether a personnel is affected ("dilemma resolution").

use super::{because, fact, undecided};
use crate::cards::model::Card;
use crate::engine::question::{DilemmaQuestion as Question, Party};
use crate::engine::requirements::{self, Setting};
use crate::engine::state::Purpose;
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::Verdict;

/// The conditions of a dilemma's text: "unless X", "To get past requires X",
/// "Cannot get past unless X", "Away Team must have X present" (Impassable
/// Door); "at least two female Away Team members" reads as `2 Female`.
pub fn conditions(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    for marker in [
        "to get past requires",
        "cannot get past unless",
        "unless",
        "must have",
    ] {
        if let Some(at) = lower.find(marker) {
            let rest = &text[at + marker.len()..];
            let rest = rest.trim_start_matches([' ', ',']);
            let end = rest.find(['.', ',', ';']).unwrap_or(rest.len());
            let cond = rest[..end].trim();
            let cond = cond
                .trim_end_matches(" present")
                .trim_end_matches(" aboard")
                .trim_start_matches("you have ");
            let cond = counted_members(cond);
            if !cond.is_empty() {
                return Some(cond);
            }
        }
    }
    None
}

/// "at least two female Away Team members are" → "2 female": the count of
/// personnel with a trait, written the way requirement expressions count.
fn counted_members(cond: &str) -> String {
    const NUMBERS: [&str; 6] = ["one", "two", "three", "four", "five", "six"];
    let lower = cond.to_lowercase();
    let Some(rest) = lower.strip_prefix("at least ") else {
        return cond.to_string();
    };
    let mut words = rest.split_whitespace();
    let Some(first) = words.next() else {
        return cond.to_string();
    };
    let count = NUMBERS
        .iter()
        .position(|n| *n == first)
        .map(|i| (i + 1).to_string())
        .or_else(|| first.parse::<u32>().ok().map(|n| n.to_string()));
    let Some(count) = count else {
        return cond.to_string();
    };
    let noise = [
        "away",
        "team",
        "members",
        "member",
        "crew",
        "or",
        "personnel",
        "are",
        "is",
    ];
    let trait_words: Vec<&str> = words.take_while(|w| !noise.contains(w)).collect();
    if trait_words.is_empty() {
        return cond.to_string();
    }
    // Requirement expressions name traits capitalised ("2 Female").
    let traits: Vec<String> = trait_words
        .iter()
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        })
        .collect();
    format!("{count} {}", traits.join(" "))
}

fn effect(text: &str) -> Option<&'static str> {
    let l = text.to_lowercase();
    [
        ("killed", "killed"),
        ("kills", "killed"),
        ("stopped", "stopped"),
        ("damaged", "damaged"),
    ]
    .iter()
    .find(|(w, _)| l.contains(w))
    .map(|(_, e)| *e)
}

/// The crew or Away Team facing the dilemma: `by` when given (then `card` is
/// only the personnel a claim is about, who may stand outside the group), else
/// `card`.
fn facing_group(q: &Question, state: &GameState) -> Vec<usize> {
    if q.who.by.is_empty() {
        return super::attempt::group(&q.who, state);
    }
    let by_only = Party {
        card: None,
        ..q.who.clone()
    };
    super::attempt::group(&by_only, state)
}

/// `ask = "dilemma outcome"`.
pub fn dilemma_outcome(q: &Question, state: &GameState) -> Verdict {
    let title = "dilemma resolution";
    let d = &q.dilemma;
    let group = facing_group(q, state);
    let able: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&p| {
            state
                .usable(crate::engine::state::PieceId(p), Purpose::Attempting)
                .is_ok()
        })
        .collect();
    let in_play: Vec<Card> = able.iter().map(|&p| state.card_in_play(p)).collect();
    let cards: Vec<&Card> = in_play.iter().collect();
    let setting = encounter_setting(state, &able);
    let (overcome, mut reasons, req) = if let Some(clause) = MemberClause::read(&d.text) {
        match clause.assess(&d.title, &cards) {
            Ok((overcome, reasons)) => (overcome, reasons, None),
            Err(e) => return undecided(e, vec![], title),
        }
    } else {
        let Some(cond) = conditions(&d.text) else {
            return without_conditions(q, d, state, &group, &able);
        };
        let req = match requirements::parse(&cond) {
            Ok(r) => r,
            Err(e) => {
                return undecided(
                    format!("cannot read the conditions \"{cond}\": {e}"),
                    vec![],
                    title,
                )
            }
        };
        let mut reasons = vec![fact(format!("{} conditions: {req}", d.title))];
        if requirements::names_a_setting(&req) {
            let Some(here) = setting else {
                return undecided(
                    format!(
                        "{}'s conditions depend on whether it is encountered on a planet or in space, and the group is not placed at one",
                        d.title
                    ),
                    reasons,
                    title,
                );
            };
            reasons.push(fact(format!(
                "the dilemma is encountered {}",
                match here {
                    Setting::Planet => "on a planet",
                    Setting::Space => "in space",
                }
            )));
        }
        let unmet = requirements::evaluate_at(&req, &cards, setting);
        let overcome = unmet.is_empty();
        reasons.push(verdict_reason(overcome, &unmet.join("; ")));
        (overcome, reasons, Some(req))
    };
    let value = if overcome { "overcome" } else { "not overcome" };
    let Some(is) = &q.is else {
        return super::claim(value.to_string(), &None, reasons, title);
    };
    let is = crate::repair::fold_for_match(is);
    if is == "overcome" || is == "not overcome" {
        return super::claim(value.to_string(), &Some(is), reasons, title);
    }
    if overcome {
        if let (Some(req), Some(card), true) = (&req, q.who.card(), is == "stopped") {
            let such = SuchPersonnel {
                dilemma: d,
                req,
                setting,
            };
            if let Some(v) = such.stopped(state, &able, card, &mut reasons) {
                return v;
            }
        }
        reasons.push(because("an overcome dilemma has no ill effect", title));
        return Verdict::yes_no(false, reasons, vec![]);
    }
    let Some(card) = q.who.card() else {
        return undecided("a claim with `is` needs `card`", reasons, title);
    };
    if !group.contains(&card) {
        reasons.push(because(
            format!(
                "{} is not in the crew or Away Team facing the dilemma",
                state.pieces[card].handle
            ),
            title,
        ));
        return Verdict::yes_no(false, reasons, vec![]);
    }
    if is == "stopped" {
        let lower = d.text.to_lowercase();
        let random_victim = effect(&d.text) == Some("killed")
            && (lower.contains("random selection") || lower.contains("opponent's choice"));
        if random_victim && able.len() > 1 {
            return undecided(
                format!(
                    "failing {} stops the Away Team or crew, but one of its {} personnel is killed (random selection or a player's choice) and is then not \"stopped\"",
                    d.title,
                    able.len()
                ),
                reasons,
                "random selection",
            );
        }
        reasons.push(because(
            "failing to overcome a dilemma with conditions stops the entire Away Team or crew",
            "stopped",
        ));
        return Verdict::yes_no(true, reasons, vec![]);
    }
    match effect(&d.text) {
        Some(e) if e == is => {
            if let Some(limit) = AttributeLimit::read(&d.text) {
                let c = state.card_in_play(card);
                let hit = limit.holds(&c);
                reasons.push(fact(format!(
                    "{} affects only personnel with {}: {} has {} {}",
                    d.title,
                    limit.text,
                    state.pieces[card].handle,
                    limit.attribute,
                    limit
                        .value(&c)
                        .map_or("none".to_string(), |n| n.to_string())
                )));
                let all = d.text.to_lowercase().contains(" all ");
                if !hit || all {
                    return Verdict::yes_no(hit, reasons, vec![]);
                }
            }
            let lower = d.text.to_lowercase();
            let one_of = lower.contains("random selection")
                || lower.contains("opponent's choice")
                || lower.contains("one ");
            if one_of && able.len() > 1 {
                undecided(
                    format!(
                        "{} chooses one of {} personnel (random selection or a player's choice)",
                        d.title,
                        able.len()
                    ),
                    reasons,
                    "random selection",
                )
            } else {
                reasons.push(fact(format!(
                    "{} is the only one who can be {e}",
                    state.pieces[card].handle
                )));
                Verdict::yes_no(true, reasons, vec![])
            }
        }
        _ => {
            reasons.push(fact(format!(
                "{} does not say its personnel are {is}",
                d.title
            )));
            Verdict::yes_no(false, reasons, vec![])
        }
    }
}

/// A dilemma whose conditions cannot be read: it "stops" no one unless its
/// text says so; when it stops a selection ("one personnel (opponent's
/// choice)", "one is \"stopped\" (random selection)") among more personnel
/// than it selects, who is stopped is not in the scenario. Anything else is
/// undecided.
fn without_conditions(
    q: &Question,
    d: &Card,
    state: &GameState,
    group: &[usize],
    able: &[usize],
) -> Verdict {
    let title = "dilemma resolution";
    if q.is
        .as_deref()
        .map(crate::repair::fold_for_match)
        .as_deref()
        != Some("stopped")
    {
        return undecided(
            format!("{} has no conditions the engine can read", d.title),
            vec![],
            title,
        );
    }
    // "A dilemma without conditions never "stops" your cards unless it
    // explicitly says it does."
    if !d.text.to_lowercase().contains("stop") {
        return Verdict::yes_no(
            false,
            vec![because(
                format!(
                    "{} has no conditions and does not say it stops anyone",
                    d.title
                ),
                title,
            )],
            vec![],
        );
    }
    let mut reasons = vec![because(
        format!("{} has no conditions but says it stops", d.title),
        title,
    )];
    if let Some(card) = q.who.card() {
        if !group.contains(&card) {
            reasons.push(because(
                format!(
                    "{} is not in the crew or Away Team facing the dilemma",
                    state.pieces[card].handle
                ),
                title,
            ));
            return Verdict::yes_no(false, reasons, vec![]);
        }
        if let Some(sel) = Selection::read(&d.text, "stop") {
            if able.len() > sel.count {
                return undecided(
                    format!(
                        "{} stops {} of {} personnel ({}), a selection the scenario does not make",
                        d.title,
                        sel.count,
                        able.len(),
                        sel.how
                    ),
                    reasons,
                    "selections",
                );
            }
            reasons.push(fact(format!(
                "{} selects {} and the group has {}: everyone is selected",
                d.title,
                sel.count,
                able.len()
            )));
        }
    }
    Verdict::yes_no(true, reasons, vec![])
}

/// Where the group meets the dilemma: on a planet (an Away Team, or aboard a
/// landed ship) or in space (a crew aboard a ship or facility in orbit);
/// `None` when the group is not placed or is split.
fn encounter_setting(state: &GameState, group: &[usize]) -> Option<Setting> {
    let mut found = None;
    for &p in group {
        let here = setting_of(state, p)?;
        if found.is_some_and(|f| f != here) {
            return None;
        }
        found = Some(here);
    }
    found
}

fn setting_of(state: &GameState, piece: usize) -> Option<Setting> {
    let mut cur = piece;
    for _ in 0..32 {
        match state.pieces.get(cur)?.at {
            Place::Planet(_) => return Some(Setting::Planet),
            Place::Space(_) => return Some(Setting::Space),
            Place::Aboard(c) => cur = c,
            _ => return None,
        }
    }
    None
}

/// A selection the dilemma makes among the group: "One personnel
/// (opponent's choice) is \"stopped\"", "one is \"stopped\" (random
/// selection)" — how many, and who chooses.
struct Selection {
    count: usize,
    how: String,
}

impl Selection {
    /// The selection in the sentence that mentions `effect`; the count is
    /// the last number before the parenthesis ("If nine or fewer personnel …,
    /// one is stopped (random selection)" selects one).
    fn read(text: &str, effect: &str) -> Option<Selection> {
        const NUMBERS: [&str; 6] = ["one", "two", "three", "four", "five", "six"];
        let folded = crate::repair::fold_for_match(text);
        folded
            .split(". ")
            .filter(|sentence| sentence.contains(effect))
            .find_map(|sentence| {
                let how = ["random selection", "opponent's choice", "your choice"]
                    .into_iter()
                    .find(|h| sentence.contains(&format!("({h})")))?;
                let before = &sentence[..sentence.find(&format!("({how})"))?];
                let count = before
                    .split(|c: char| !c.is_alphanumeric())
                    .filter_map(|w| {
                        NUMBERS
                            .iter()
                            .position(|n| *n == w)
                            .map(|i| i + 1)
                            .or_else(|| w.parse().ok())
                    })
                    .next_back()?;
                Some(Selection {
                    count,
                    how: how.to_string(),
                })
            })
    }
}

/// "To get past requires Leadership OR OFFICER. All such personnel are
/// \"stopped,\" but if two or more present, one must continue (random
/// selection)" (Personal Duty): getting past stops the personnel who meet
/// the conditions on their own, less one who continues.
struct SuchPersonnel<'a> {
    dilemma: &'a Card,
    req: &'a requirements::Requirement,
    setting: Option<Setting>,
}

impl SuchPersonnel<'_> {
    /// `None` when the dilemma has no such clause.
    fn stopped(
        &self,
        state: &GameState,
        able: &[usize],
        card: usize,
        reasons: &mut Vec<crate::engine::verdict::Reason>,
    ) -> Option<Verdict> {
        let text = crate::repair::fold_for_match(&self.dilemma.text);
        let clause = regex::Regex::new(r#"all such personnel are\W*stopped"#).expect("static");
        if !clause.is_match(&text) {
            return None;
        }
        let such: Vec<usize> = able
            .iter()
            .copied()
            .filter(|&p| {
                let c = state.card_in_play(p);
                requirements::evaluate_at(self.req, &[&c], self.setting).is_empty()
            })
            .collect();
        let handle = &state.pieces[card].handle;
        let title = "dilemma resolution";
        if !such.contains(&card) {
            reasons.push(fact(format!(
                "{} stops only the personnel who meet {} on their own; {handle} does not",
                self.dilemma.title, self.req
            )));
            return Some(Verdict::yes_no(false, reasons.clone(), vec![]));
        }
        let continues = regex::Regex::new(r"two or more present, one must continue \(([^)]*)\)")
            .expect("static");
        if let (Some(m), true) = (continues.captures(&text), such.len() > 1) {
            return Some(undecided(
                format!(
                    "{} stops its {} such personnel but one of them continues ({}), a selection the scenario does not make",
                    self.dilemma.title,
                    such.len(),
                    &m[1]
                ),
                reasons.clone(),
                "selections",
            ));
        }
        reasons.push(because(
            format!(
                "{handle} meets {} and is stopped by {}",
                self.req, self.dilemma.title
            ),
            title,
        ));
        Some(Verdict::yes_no(true, reasons.clone(), vec![]))
    }
}

fn verdict_reason(overcome: bool, unmet: &str) -> crate::engine::verdict::Reason {
    let title = "dilemma resolution";
    if overcome {
        because(
            "the group meets the conditions and automatically overcomes the dilemma",
            title,
        )
    } else {
        because(format!("the group fails the conditions ({unmet})"), title)
    }
}

/// "To get past, X must be present OR at least one Away Team member must
/// have: Youth OR Music OR STRENGTH>9" (Wind Dancer): the alternatives after
/// the colon are met by one member on their own (that member's STRENGTH, not
/// the group's total); X, if any, is an alternative for the whole group.
struct MemberClause {
    group: Option<String>,
    member: String,
}

impl MemberClause {
    fn read(text: &str) -> Option<MemberClause> {
        // Offsets of the original text: its lower case may differ in length.
        let at = crate::repair::find_folded(text, "at least one ")?.start;
        let colon = at + crate::repair::find_folded(&text[at..], "must have:")?.end;
        let rest = &text[colon..];
        let member = rest[..rest.find('.').unwrap_or(rest.len())]
            .trim()
            .to_string();
        let start = crate::repair::find_folded(&text[..at], "to get past,").map_or(0, |r| r.end);
        let group = text[start..at].trim();
        let group = group
            .strip_suffix("OR")
            .or_else(|| group.strip_suffix("or"))
            .unwrap_or(group)
            .trim()
            .trim_end_matches(" must be present")
            .trim_end_matches(" present")
            .trim();
        Some(MemberClause {
            group: (!group.is_empty()).then(|| group.to_string()),
            member,
        })
    }

    fn assess(
        &self,
        dilemma: &str,
        cards: &[&Card],
    ) -> Result<(bool, Vec<crate::engine::verdict::Reason>), String> {
        let read = |c: &str| {
            requirements::parse(c).map_err(|e| format!("cannot read the conditions \"{c}\": {e}"))
        };
        let member = read(&self.member)?;
        let mut reasons = vec![fact(format!(
            "{dilemma} conditions: one member with {member}{}",
            self.group
                .as_deref()
                .map_or(String::new(), |g| format!(", or {g} present"))
        ))];
        if let Some(g) = &self.group {
            let req = read(g)?;
            if requirements::evaluate(&req, cards).is_empty() {
                reasons.push(fact(format!("{req} is present")));
                reasons.push(verdict_reason(true, ""));
                return Ok((true, reasons));
            }
        }
        let one = cards
            .iter()
            .find(|c| requirements::evaluate(&member, &[**c]).is_empty());
        match one {
            Some(c) => {
                reasons.push(fact(format!("{} alone has {member}", c.title)));
                reasons.push(verdict_reason(true, ""));
                Ok((true, reasons))
            }
            None => {
                reasons.push(verdict_reason(
                    false,
                    &format!("no single member has {member}"),
                ));
                Ok((false, reasons))
            }
        }
    }
}

/// A victim filter in a dilemma's text: "Kills all Away Team members with
/// INTEGRITY<5" affects only those whose attribute passes the comparison.
struct AttributeLimit {
    attribute: &'static str,
    op: String,
    bound: i32,
    text: String,
}

impl AttributeLimit {
    fn read(text: &str) -> Option<AttributeLimit> {
        let re =
            regex::Regex::new(r"(?i)\bwith (INTEGRITY|CUNNING|STRENGTH)\s*(<=|>=|<|>|=)\s*(\d+)")
                .expect("static pattern");
        let m = re.captures(text)?;
        let attribute = match m[1].to_uppercase().as_str() {
            "INTEGRITY" => "INTEGRITY",
            "CUNNING" => "CUNNING",
            _ => "STRENGTH",
        };
        Some(AttributeLimit {
            attribute,
            op: m[2].to_string(),
            bound: m[3].parse().ok()?,
            text: format!("{}{}{}", attribute, &m[2], &m[3]),
        })
    }

    fn value(&self, card: &Card) -> Option<i32> {
        let stat = match self.attribute {
            "INTEGRITY" => &card.int_rng,
            "CUNNING" => &card.cun_wpn,
            _ => &card.str_shd,
        };
        stat.as_ref().and_then(|s| s.num())
    }

    fn holds(&self, card: &Card) -> bool {
        let Some(v) = self.value(card) else {
            return false;
        };
        match self.op.as_str() {
            "<" => v < self.bound,
            "<=" => v <= self.bound,
            ">" => v > self.bound,
            ">=" => v >= self.bound,
            _ => v == self.bound,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{conditions, AttributeLimit, MemberClause, Selection};

    #[test]
    fn reads_who_a_selection_picks() {
        let s = Selection::read(
            "One personnel (opponent\u{2019}s choice) is \"stopped\" until end of your next turn.",
            "stop",
        )
        .expect("a selection");
        assert_eq!((s.count, s.how.as_str()), (1, "opponent's choice"));
        let s = Selection::read(
            "If nine or fewer personnel in crew or Away Team, one is \"stopped\" (random selection). If more than nine personnel, three are captured (random selection).",
            "stop",
        )
        .expect("a selection");
        assert_eq!((s.count, s.how.as_str()), (1, "random selection"));
        let s = Selection::read(
            "If more than nine personnel, three are captured (random selection).",
            "captured",
        )
        .expect("a selection");
        assert_eq!(s.count, 3);
        assert!(Selection::read("All personnel are \"stopped.\"", "stop").is_none());
    }

    #[test]
    fn reads_must_have_and_counted_members() {
        assert_eq!(
            conditions("To get through this door, Away Team must have Computer Skill present.")
                .as_deref(),
            Some("Computer Skill")
        );
        assert_eq!(
            conditions("Cannot get past unless at least two female Away Team members are present.")
                .as_deref(),
            Some("2 Female")
        );
        assert_eq!(
            conditions("Unless 2 Leadership and INTEGRITY>60, opponent may ...").as_deref(),
            Some("2 Leadership and INTEGRITY>60")
        );
    }

    #[test]
    fn reads_a_one_member_clause() {
        let c = MemberClause::read("To get past, {Lwaxana Troi} must be present OR at least one Away Team member must have: Youth OR Music OR STRENGTH>9.")
            .expect("a member clause");
        assert_eq!(c.group.as_deref(), Some("{Lwaxana Troi}"));
        assert_eq!(c.member, "Youth OR Music OR STRENGTH>9");
        assert!(MemberClause::read("Cannot get past unless 2 Computer Skill present.").is_none());
    }

    #[test]
    fn reads_an_attribute_victim_filter() {
        let l = AttributeLimit::read("Kills all Away Team members with INTEGRITY<5 unless X.")
            .expect("a filter");
        assert_eq!(l.attribute, "INTEGRITY");
        assert_eq!(l.op, "<");
        assert_eq!(l.bound, 5);
        assert!(AttributeLimit::read("Kills one personnel (random selection).").is_none());
    }
}
