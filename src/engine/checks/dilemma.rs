//! Dilemma outcomes: whether the crew or Away Team overcomes a dilemma's
//! conditions, and whether a personnel is affected ("dilemma resolution").

use super::{because, fact, undecided};
use crate::cards::model::Card;
use crate::engine::requirements;
use crate::engine::state::GameState;
use crate::engine::verdict::Verdict;
use crate::scenario::Question;

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
    if q.by.is_empty() {
        return super::attempt::group(q, state);
    }
    let by_only = Question {
        card: None,
        ..q.clone()
    };
    super::attempt::group(&by_only, state)
}

/// `ask = "dilemma outcome"`.
pub fn dilemma_outcome(q: &Question, state: &GameState) -> Verdict {
    let title = "dilemma resolution";
    let Some(d) = &q.dilemma else {
        return undecided("`dilemma outcome` needs `dilemma`", vec![], title);
    };
    let group = facing_group(q, state);
    let able: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&p| !state.is_stopped(p) && super::restraints::unusable(state, p).is_none())
        .collect();
    let in_play: Vec<Card> = able.iter().map(|&p| state.card_in_play(p)).collect();
    let cards: Vec<&Card> = in_play.iter().collect();
    let (overcome, mut reasons) = if let Some(clause) = MemberClause::read(&d.text) {
        match clause.assess(&d.title, &cards) {
            Ok(r) => r,
            Err(e) => return undecided(e, vec![], title),
        }
    } else {
        let Some(cond) = conditions(&d.text) else {
            return without_conditions(q, d);
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
        let unmet = requirements::evaluate(&req, &cards);
        let overcome = unmet.is_empty();
        (
            overcome,
            vec![
                fact(format!("{} conditions: {req}", d.title)),
                verdict_reason(overcome, &unmet.join("; ")),
            ],
        )
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
        reasons.push(because("an overcome dilemma has no ill effect", title));
        return Verdict::yes_no(false, reasons, vec![]);
    }
    let Some(card) = q.card else {
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
/// text says so; anything else is undecided.
fn without_conditions(q: &Question, d: &Card) -> Verdict {
    let title = "dilemma resolution";
    if q.is
        .as_deref()
        .map(crate::repair::fold_for_match)
        .as_deref()
        == Some("stopped")
    {
        // "A dilemma without conditions never "stops" your cards unless it
        // explicitly says it does."
        let says = d.text.to_lowercase().contains("stop");
        return Verdict::yes_no(
            says,
            vec![because(
                if says {
                    format!("{} has no conditions but says it stops", d.title)
                } else {
                    format!(
                        "{} has no conditions and does not say it stops anyone",
                        d.title
                    )
                },
                title,
            )],
            vec![],
        );
    }
    undecided(
        format!("{} has no conditions the engine can read", d.title),
        vec![],
        title,
    )
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
        let lower = text.to_lowercase();
        let at = lower.find("at least one ")?;
        let colon = at + lower[at..].find("must have:")? + "must have:".len();
        let rest = &text[colon..];
        let member = rest[..rest.find('.').unwrap_or(rest.len())]
            .trim()
            .to_string();
        let before = &lower[..at];
        let start = before
            .find("to get past,")
            .map_or(0, |i| i + "to get past,".len());
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
    use super::{conditions, AttributeLimit, MemberClause};

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
