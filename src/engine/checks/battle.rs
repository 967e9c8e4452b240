//! Battle initiation, counter-attacks and return fire ("battle", "battle -
//! affiliation restrictions", "battle - ship", "leader").

use super::rules::{decide, yes_because, Entry, Rule, Ruling};
use super::{because, compat, fact, outside_executing_orders, ruling, undecided};
use crate::cards::model::CardType;
use crate::engine::first_edition::battle as personnel_battle;
use crate::engine::question::{AttackQuestion as Question, BattleMode as Mode};
use crate::engine::state::{Attr, Format, GameState, PieceId, Place, Purpose, Request};
use crate::engine::verdict::{Reason, Verdict};
use crate::vocab::vocabulary;

fn is_leader(state: &GameState, p: usize) -> bool {
    let c = &state.pieces[p].card;
    c.skill_level("Leadership") > 0.0
        || c.skill_level("OFFICER") > 0.0
        || c.class
            .as_deref()
            .is_some_and(|k| k.eq_ignore_ascii_case("OFFICER"))
}

/// Affiliations of a force: its ships/facilities and every personnel in it.
fn force_affiliations(state: &GameState, units: &[usize]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for &u in units {
        let mut members = vec![u];
        if matches!(
            state.pieces[u].card.card_type,
            CardType::Ship | CardType::Facility
        ) {
            members.extend(state.crew(u));
        }
        for m in members {
            for a in state.affiliations(m) {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    }
    out
}

/// Where a unit fights: its location, and for personnel the spot they share.
fn battleground(state: &GameState, u: usize) -> (Option<usize>, Place) {
    (state.location_of(u), state.pieces[u].at)
}

/// A `can attack` question with what its rules share.
pub struct Attack<'a> {
    state: &'a GameState,
    mode: Mode,
    attackers: Vec<usize>,
    targets: Vec<usize>,
    player: String,
    asked: Request,
    allowed_by: Option<PieceId>,
}

impl Attack<'_> {
    fn handle(&self, p: usize) -> &str {
        &self.state.pieces[p].handle
    }

    /// Whether `p` is "stopped" for this battle: a card the battle under
    /// way targets is "unstopped" for its duration and may defend itself
    /// (Glossary "stopped"; "battle - ship": "it is unstopped for this
    /// battle").
    fn stopped(&self, p: usize, reasons: &mut Vec<Reason>) -> bool {
        if !self.state.is_stopped(p) {
            return false;
        }
        if !self.under_attack(p) {
            return true;
        }
        let why = format!(
            "{} is attacked: \"stopped\" cards are \"unstopped\" for the duration of that battle",
            self.handle(p)
        );
        reasons.push(because(why, "stopped"));
        false
    }

    /// Whether a battle under way (the `[action]` or one it belongs to)
    /// targets `p`.
    fn under_attack(&self, p: usize) -> bool {
        // Every kind the lexicon files under "battle" (an attack, a ship or
        // personnel battle), not a list kept here.
        let lexicon = crate::engine::abilities::lexicon::Lexicon::get();
        let battle = |kind: &str| lexicon.kind_matches("battle", kind);
        self.state.action.as_ref().is_some_and(|action| {
            action
                .chain()
                .any(|x| battle(&x.kind) && x.targets.iter().any(|t| self.state.find(t) == Some(p)))
        })
    }

    /// Ships or facilities attack: a ship battle.
    fn ship_battle(&self) -> bool {
        self.attackers.iter().any(|&a| {
            matches!(
                self.state.pieces[a].card.card_type,
                CardType::Ship | CardType::Facility
            )
        })
    }

    /// Each firing unit: a ship or facility, or the whole Away Team.
    fn units(&self) -> Vec<Vec<usize>> {
        if self.ship_battle() {
            self.attackers.iter().map(|&a| vec![a]).collect()
        } else {
            vec![self.attackers.clone()]
        }
    }

    /// The personnel of a unit who may take part in the battle.
    fn people(&self, unit: &[usize]) -> Vec<usize> {
        let members = if self.ship_battle() {
            self.state.crew(unit[0])
        } else {
            unit.to_vec()
        };
        // The crew of an attacked ship is involved in its battle, so
        // "unstopped" with it.
        let waived = if self.under_attack(unit[0]) {
            "stopped"
        } else {
            ""
        };
        members
            .into_iter()
            .filter(|&p| {
                let usable = self
                    .state
                    .usable_waiving(PieceId(p), Purpose::Battle, waived);
                usable.is_ok()
            })
            .collect()
    }

    /// The attacking force includes an affiliation that needs a card to
    /// initiate battle (the Borg).
    fn borg(&self) -> bool {
        let v = &vocabulary().affiliations;
        force_affiliations(self.state, &self.attackers)
            .iter()
            .any(|a| v.needs_card_to_initiate(a))
    }

    fn initiates(&self) -> bool {
        self.mode != Mode::ReturnFire
    }
}

/// `ask = "can attack"`: may `by` attack `target` (`battle` = initiate |
/// counter-attack | return fire)?
pub fn can_attack(q: &Question, state: &GameState) -> Verdict {
    let attackers: Vec<usize> = q.who.pieces();
    let targets = crate::engine::question::indices(&q.target);
    if attackers.is_empty() || targets.is_empty() {
        return undecided(
            "`can attack` needs `by` (attacking ships, facilities or Away Team) and `target`",
            vec![],
            "battle",
        );
    }
    let player = super::asker(&q.who, state);
    let target = Some(crate::engine::state::Target::Piece(targets[0]));
    let asked = super::request("attack", &player, &attackers, target, None);
    let ctx = Attack {
        state,
        mode: q.battle,
        attackers,
        targets,
        player,
        asked,
        allowed_by: q.allowed_by,
    };
    decide(&attack_rules(), &ctx)
}

const BATTLE: Entry = Entry::glossary("battle");
const SHIP_BATTLE: Entry = Entry::glossary("battle - ship");
const RESTRICTIONS: Entry = Entry::glossary("battle - affiliation restrictions");

/// The rules of initiating battle, counter-attacking and returning fire, in
/// order.
pub fn attack_rules<'a>() -> [Rule<Attack<'a>>; 18] {
    [
        Rule {
            name: "a card in play forbids it",
            entry: BATTLE,
            apply: forbidden,
        },
        Rule {
            name: "on your own turn",
            entry: BATTLE,
            apply: own_turn,
        },
        Rule {
            name: "while executing orders",
            entry: BATTLE,
            apply: executing_orders,
        },
        Rule {
            name: "cards you do not control",
            entry: BATTLE,
            apply: not_your_own,
        },
        Rule {
            name: "not a cloaked or phased target",
            entry: Entry::glossary("cloaking and phasing"),
            apply: visible_target,
        },
        Rule {
            name: "not a target in stasis",
            entry: Entry::glossary("stasis"),
            apply: target_not_in_stasis,
        },
        Rule {
            name: "not bound by a required action",
            entry: Entry::glossary("actions – required"),
            apply: unbound,
        },
        Rule {
            name: "landed ships",
            entry: Entry::glossary("landed ships"),
            apply: landed_ships,
        },
        Rule {
            name: "together",
            entry: BATTLE,
            apply: together,
        },
        Rule {
            name: "a ship that may fire",
            entry: SHIP_BATTLE.stated_in_rulings("WEAPONS, using"),
            apply: ships_may_fire,
        },
        Rule {
            name: "an unstopped Away Team",
            entry: Entry::glossary("stopped"),
            apply: unstopped_away_team,
        },
        Rule {
            name: "Borg Defense instead of a leader",
            entry: Entry::glossary("leader"),
            apply: borg_defense,
        },
        Rule {
            name: "a leader",
            entry: BATTLE,
            apply: a_leader,
        },
        Rule {
            name: "returning fire",
            entry: SHIP_BATTLE,
            apply: return_fire,
        },
        Rule {
            name: "counter-attacking",
            entry: BATTLE,
            apply: counter_attack,
        },
        Rule {
            name: "the Borg need a card",
            entry: RESTRICTIONS,
            apply: borg_need_a_card,
        },
        Rule {
            name: "Warp Speed",
            entry: Entry::glossary("Warp Speed"),
            apply: warp_speed,
        },
        Rule {
            name: "affiliation restrictions",
            entry: RESTRICTIONS,
            apply: affiliation_restrictions,
        },
    ]
}

fn forbidden(a: &Attack, _: &mut Vec<Reason>) -> Ruling {
    super::forbidden_by_card(a.state, &a.asked).map_or(Ruling::Next, Ruling::Refused)
}

fn own_turn(a: &Attack, _: &mut Vec<Reason>) -> Ruling {
    let turn = &a.state.turn_player;
    if !a.initiates() || turn.is_empty() || turn.eq_ignore_ascii_case(&a.player) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "you may initiate battle only during your own turn; it is {turn}'s turn"
    ))
}

fn executing_orders(a: &Attack, _: &mut Vec<Reason>) -> Ruling {
    if !a.initiates() {
        return Ruling::Next;
    }
    outside_executing_orders(
        a.state,
        "battle is initiated during the executing orders segment of your turn",
        "battle",
    )
    .map_or(Ruling::Next, Ruling::Refused)
}

fn not_your_own(a: &Attack, _: &mut Vec<Reason>) -> Ruling {
    let own = |&t: &usize| a.state.pieces[t].controller.eq_ignore_ascii_case(&a.player);
    if a.targets.iter().any(own) {
        return Ruling::No("you may attack only cards you do not control".into());
    }
    Ruling::Next
}

fn visible_target(a: &Attack, _: &mut Vec<Reason>) -> Ruling {
    let hidden = a.targets.iter().find(|&&t| {
        let s = &a.state.pieces[t].status;
        s.cloaked || s.phased
    });
    hidden.map_or(Ruling::Next, |&t| {
        Ruling::No(format!(
            "{} is cloaked or phased: it may not be attacked",
            a.handle(t)
        ))
    })
}

fn target_not_in_stasis(a: &Attack, _: &mut Vec<Reason>) -> Ruling {
    let frozen = a.targets.iter().find(|&&t| a.state.in_stasis(t));
    frozen.map_or(Ruling::Next, |&t| {
        Ruling::No(format!(
            "{} is in stasis: cards in stasis may not be targeted in ship battle and are excluded from personnel battle",
            a.handle(t)
        ))
    })
}

fn unbound(a: &Attack, _: &mut Vec<Reason>) -> Ruling {
    if !a.initiates() {
        return Ruling::Next;
    }
    a.attackers
        .iter()
        .find_map(|&u| {
            super::restraints::bound(
                a.state,
                u,
                "initiate battle, including a counter-attack (they may return fire)",
            )
        })
        .map_or(Ruling::Next, Ruling::Refused)
}

fn landed_ships(a: &Attack, _: &mut Vec<Reason>) -> Ruling {
    let state = a.state;
    let ship = |u: &usize| state.pieces[*u].card.card_type == CardType::Ship;
    let landed = |u: &usize| ship(u) && state.pieces[*u].status.landed;
    let mut both = a.attackers.iter().chain(&a.targets);
    let any_landed = both.clone().any(landed);
    let all_landed = both.all(|u| !ship(u) || landed(u));
    let ships_on_both_sides = a.attackers.iter().any(ship) && a.targets.iter().any(ship);
    if any_landed && !(all_landed && ships_on_both_sides) {
        return Ruling::No("unless a card explicitly allows it, a landed ship may not attack or be attacked by a ship in orbit, nor by an Away Team".into());
    }
    Ruling::Next
}

/// Ships fight at the same location (neither landed); personnel where they
/// are present together.
fn together(a: &Attack, reasons: &mut Vec<Reason>) -> Ruling {
    let (state, ship_battle) = (a.state, a.ship_battle());
    if !ship_battle {
        // "present" says who is present together.
        reasons.push(because(
            "personnel are present together on the same planet, ship, facility or site",
            "present",
        ));
    }
    for &x in &a.attackers {
        for &t in &a.targets {
            let (lx, px) = battleground(state, x);
            let (lt, pt) = battleground(state, t);
            let met = if ship_battle {
                let landed = state.pieces[x].status.landed || state.pieces[t].status.landed;
                lx.is_some() && lx == lt && !landed
            } else {
                lx.is_some() && px == pt
            };
            let how = if ship_battle {
                "at the same location"
            } else {
                "present together"
            };
            let (x, t) = (a.handle(x), a.handle(t));
            // "battle": you may attack only cards present with yours.
            if !met {
                return Ruling::Refused(because(format!("{x} and {t} are not {how}"), "battle"));
            }
            reasons.push(because(format!("{x} and {t} are {how}"), "battle"));
        }
    }
    Ruling::Next
}

fn ships_may_fire(a: &Attack, reasons: &mut Vec<Reason>) -> Ruling {
    if !a.ship_battle() {
        return Ruling::Next;
    }
    for unit in a.units() {
        let s = unit[0];
        let p = &a.state.pieces[s];
        let weapons = crate::engine::derived::read(a.state, s, Attr::Weapons, reasons);
        let refusal = if a.stopped(s, reasons) {
            Some("is \"stopped\" and may not fire")
        } else if p.docked.is_some() {
            Some("is docked and may not fire WEAPONS")
        } else if p.status.cloaked {
            // Current Rulings states it for cloaked ships as well.
            let why = format!(
                "{} is cloaked: it may not affect anything outside the ship (initiate battle)",
                p.handle
            );
            reasons.push(ruling(why, "cloaked ship"));
            Some("is cloaked and may not fire")
        } else if p.status.phased {
            Some("is phased and may not fire")
        } else if weapons <= 0 {
            Some("has no WEAPONS>0")
        } else {
            None
        };
        if let Some(why) = refusal {
            return Ruling::No(format!("{} {why}", p.handle));
        }
        if p.status.range_used > 0 {
            let why = format!("{} has used RANGE: that does not \"stop\" a ship", p.handle);
            reasons.push(ruling(why, "“stopped”"));
        }
        let firing = at_weapons_site(a.state, s, a.people(&unit), reasons);
        let operator = has_weapons_operator(a.state, s, &firing);
        if unaffiliated(a.state, s) {
            let why = "a Neutral or Non-Aligned ship needs a compatible personnel aboard to fire";
            reasons.push(ruling(why, "WEAPONS, using"));
            if !operator {
                let why = format!("{} has no compatible personnel aboard", p.handle);
                return Ruling::Refused(ruling(why, "WEAPONS, using"));
            }
        } else {
            let why = "a ship needs a personnel of matching affiliation aboard to fire";
            reasons.push(ruling(why, "battle, ship"));
            if !operator {
                return Ruling::No(format!(
                    "{} has no personnel of matching affiliation aboard",
                    p.handle
                ));
            }
        }
        reasons.push(because(format!("{} is unstopped, undocked, uncloaked, has WEAPONS {weapons} and a personnel aboard who may fire them", p.handle), SHIP_BATTLE.title));
    }
    Ruling::Next
}

fn unstopped_away_team(a: &Attack, reasons: &mut Vec<Reason>) -> Ruling {
    if a.ship_battle() || !a.attackers.iter().any(|&p| a.stopped(p, reasons)) {
        return Ruling::Next;
    }
    Ruling::No("\"stopped\" personnel may not participate in a battle".into())
}

fn borg_defense(a: &Attack, _: &mut Vec<Reason>) -> Ruling {
    if a.mode != Mode::Initiate || !a.borg() {
        return Ruling::Next;
    }
    let def = &vocabulary().affiliations.staffing.borg_battle_icon;
    let has_def = |unit: &Vec<usize>| {
        a.people(unit)
            .iter()
            .any(|&p| a.state.pieces[p].card.has_icon(def))
    };
    if a.units().iter().all(has_def) {
        return Ruling::Next;
    }
    Ruling::No("Borg must have a Borg Defense personnel present instead of a leader".into())
}

fn a_leader(a: &Attack, reasons: &mut Vec<Reason>) -> Ruling {
    if a.mode != Mode::Initiate || a.borg() {
        return Ruling::Next;
    }
    for unit in a.units() {
        let Some(l) = a.people(&unit).into_iter().find(|&p| is_leader(a.state, p)) else {
            reasons.push(because(
                "no one there has Leadership or OFFICER: no leader",
                "leader",
            ));
            return Ruling::No("each attacking ship, facility or Away Team must have a leader present (Leadership or OFFICER)".into());
        };
        reasons.push(because(
            format!("{} is a leader (Leadership or OFFICER)", a.handle(l)),
            "leader",
        ));
    }
    Ruling::Next
}

fn return_fire(a: &Attack, reasons: &mut Vec<Reason>) -> Ruling {
    if a.mode != Mode::ReturnFire {
        return Ruling::Next;
    }
    yes_because(
        reasons,
        "returning fire needs no leader and no affiliation restriction applies",
        SHIP_BATTLE,
    )
}

fn counter_attack(a: &Attack, reasons: &mut Vec<Reason>) -> Ruling {
    if a.mode != Mode::CounterAttack {
        return Ruling::Next;
    }
    let opp = &a.state.pieces[a.targets[0]].controller;
    let attacked = a
        .state
        .attacked_last_turn
        .iter()
        .any(|p| p.eq_ignore_ascii_case(opp))
        || a.targets
            .iter()
            .any(|&t| a.state.pieces[t].status.attacked_last_turn);
    let sites: Vec<usize> = a
        .state
        .locations
        .iter()
        .enumerate()
        .filter(|(_, l)| l.attacked_by.iter().any(|p| p.eq_ignore_ascii_case(opp)))
        .map(|(i, _)| i)
        .collect();
    if !attacked && sites.is_empty() {
        return Ruling::No(format!(
            "{opp} did not attack you on the previous turn: there is nothing to counter-attack"
        ));
    }
    if let Some(refused) = away_from_the_attack(a, &sites, reasons) {
        return refused;
    }
    yes_because(
        reasons,
        "when you counter-attack, no leader is required and no affiliation restrictions apply",
        BATTLE,
    )
}

/// A counter-attack is made "against any or all of your opponent's ships,
/// Away Teams, facilities, crews ... which are still at the location of the
/// opponent's attack, regardless of the form of the original attack", with
/// any of your forces there ("You may bring additional forces to the
/// location"). Where the attack took place is known when a location
/// records it (`attacked_by`).
fn away_from_the_attack(a: &Attack, sites: &[usize], reasons: &mut Vec<Reason>) -> Option<Ruling> {
    if sites.is_empty() {
        return None;
    }
    let names: Vec<&str> = sites
        .iter()
        .map(|&l| a.state.locations[l].name.as_str())
        .collect();
    let away = a
        .targets
        .iter()
        .find(|&&t| a.state.location_of(t).is_none_or(|l| !sites.contains(&l)));
    if let Some(&t) = away {
        return Some(Ruling::No(format!(
            "{} is not at the location of the opponent's attack ({}): you may counter-attack only the opponent's cards still at the location of his attack",
            a.handle(t),
            names.join(", ")
        )));
    }
    reasons.push(because(
        format!(
            "the target is still at the location of the opponent's attack ({}); any of your forces there may counter-attack, whatever the form of the original attack",
            names.join(", ")
        ),
        BATTLE.title,
    ));
    None
}

fn borg_need_a_card(a: &Attack, reasons: &mut Vec<Reason>) -> Ruling {
    if !a.borg() {
        return Ruling::Next;
    }
    let Some(card) = super::allowing_card(a.state, &a.asked, a.allowed_by) else {
        return Ruling::No(
            "Borg forces may not initiate battle except when allowed or required by a card".into(),
        );
    };
    reasons.push(because(
        format!("{card} allows the Borg to initiate battle; they may then attack any affiliation"),
        RESTRICTIONS.title,
    ));
    Ruling::Yes
}

fn warp_speed(a: &Attack, reasons: &mut Vec<Reason>) -> Ruling {
    if a.state.format != Format::WarpSpeed {
        return Ruling::Next;
    }
    yes_because(
        reasons,
        "in Warp Speed non-Borg affiliations have no affiliation attack restrictions",
        Entry::glossary("Warp Speed"),
    )
}

fn affiliation_restrictions(a: &Attack, reasons: &mut Vec<Reason>) -> Ruling {
    let v = &vocabulary().affiliations;
    let attacker_affs = force_affiliations(a.state, &a.attackers);
    let target_affs = force_affiliations(a.state, &a.targets);
    reasons.push(fact(format!(
        "attacking force: {}; target force: {}",
        attacker_affs.join(", "),
        target_affs.join(", ")
    )));
    let barred = attacker_affs
        .iter()
        .flat_map(|x| target_affs.iter().map(move |t| (x, t)))
        .find(|(x, t)| !v.may_attack(x, t));
    let Some((x, t)) = barred else {
        reasons.push(because(
            "no affiliation restriction forbids this attack",
            RESTRICTIONS.title,
        ));
        return Ruling::Yes;
    };
    if let Some(card) = super::allowing_card(a.state, &a.asked, a.allowed_by) {
        reasons.push(because(
            format!("{card} allows this attack"),
            RESTRICTIONS.title,
        ));
        return Ruling::Yes;
    }
    Ruling::No(format!(
        "a mixed force is subject to all its members' restrictions: {x} may not attack {t}"
    ))
}

/// Is the ship Non-Aligned or Neutral only (no affiliation of its own to match)?
fn unaffiliated(state: &GameState, ship: usize) -> bool {
    let v = &vocabulary().affiliations;
    let affs = state.affiliations(ship);
    !affs.is_empty() && affs.iter().all(|a| v.is_universal_mixer(a))
}

/// "Affiliated cards require a matching personnel aboard; Neutral and
/// Non-Aligned cards require a compatible personnel aboard" (Current Rulings
/// "WEAPONS, using").
/// On a facility with sites (a Nor) only the personnel at its weapons site
/// may fire its WEAPONS: "(If the facility is a Nor, the matching personnel
/// must be in Ops.)" (Glossary "WEAPONS").
fn at_weapons_site(
    state: &GameState,
    facility: usize,
    people: Vec<usize>,
    reasons: &mut Vec<Reason>,
) -> Vec<usize> {
    let rules = &vocabulary().affiliations.facilities;
    let sites = state.sites(facility);
    if sites.is_empty() {
        return people;
    }
    let is_ops = |site: usize| {
        sites.contains(&site)
            && (state.pieces[site].card.title).eq_ignore_ascii_case(&rules.weapons_site)
    };
    let in_ops: Vec<usize> = (people.into_iter())
        .filter(|&p| matches!(state.pieces[p].at, Place::Aboard(at) if is_ops(at)))
        .collect();
    reasons.push(Reason {
        text: format!(
            "{} is a Nor: the personnel firing its WEAPONS must be in {}",
            state.pieces[facility].handle, rules.weapons_site
        ),
        citation: Some(Entry::from_table(&rules.weapons_source).citation()),
    });
    in_ops
}

fn has_weapons_operator(state: &GameState, ship: usize, people: &[usize]) -> bool {
    let ship_affs = state.affiliations(ship);
    if unaffiliated(state, ship) {
        let owner = &state.pieces[ship].controller;
        return people.iter().any(|&m| {
            state.affiliations(m).iter().any(|a| {
                ship_affs
                    .iter()
                    .any(|s| compat::affiliations_compatible(state, owner, s, a).0)
            })
        });
    }
    people
        .iter()
        .any(|&m| state.affiliations(m).iter().any(|a| ship_affs.contains(a)))
}

/// The entry whose step 5 names who the winner of a personnel battle kills.
const PERSONNEL_BATTLE: Entry = Entry::glossary("battle - personnel");

/// `outcome` `of = "casualty"`: may `card` be the personnel the winner of a
/// personnel battle kills? Its rules in the order of Glossary "battle -
/// personnel": the group attacked does not include those in stasis (step
/// 1); the winner kills "one opposing personnel (random selection from
/// among those not mortally wounded, but including those who are stunned or
/// disabled)" (step 5).
pub fn may_be_casualty(state: &GameState, card: usize, winners: &[usize]) -> Verdict {
    decide(
        &casualty_rules(),
        &Casualty {
            state,
            card,
            winners,
        },
    )
}

/// A personnel asked about as the casualty of a lost personnel battle, and
/// the winning side when the question names it.
pub struct Casualty<'a> {
    state: &'a GameState,
    card: usize,
    winners: &'a [usize],
}

fn casualty_rules<'a>() -> [Rule<Casualty<'a>>; 5] {
    [
        Rule {
            name: "a personnel",
            entry: PERSONNEL_BATTLE,
            apply: casualty_is_personnel,
        },
        Rule {
            name: "holographic safety protocols",
            entry: Entry::glossary(crate::engine::first_edition::HOLOGRAMS),
            apply: casualty_of_holograms,
        },
        Rule {
            name: "not in stasis",
            entry: PERSONNEL_BATTLE,
            apply: casualty_not_in_stasis,
        },
        Rule {
            name: "not mortally wounded",
            entry: PERSONNEL_BATTLE,
            apply: casualty_not_mortally_wounded,
        },
        Rule {
            name: "stunned and disabled included",
            entry: PERSONNEL_BATTLE,
            apply: casualty_selected_from_the_rest,
        },
    ]
}

fn casualty_is_personnel(c: &Casualty, _: &mut Vec<Reason>) -> Ruling {
    if c.state.pieces[c.card].card.is_personnel() {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is no personnel: the winner kills one opposing personnel",
        c.state.pieces[c.card].handle
    ))
}

/// "If total STRENGTH at the end of a battle is entirely derived from
/// holograms, they may win the battle but may not kill an opposing
/// personnel" (Glossary "holographic personnel and equipment").
fn casualty_of_holograms(c: &Casualty, _: &mut Vec<Reason>) -> Ruling {
    match personnel_battle::holograms_alone(c.state, c.winners) {
        Some(why) => Ruling::No(why),
        None => Ruling::Next,
    }
}

fn casualty_not_in_stasis(c: &Casualty, _: &mut Vec<Reason>) -> Ruling {
    if !c.state.in_stasis(c.card) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is in stasis: the group attacked does not include personnel in stasis",
        c.state.pieces[c.card].handle
    ))
}

fn casualty_not_mortally_wounded(c: &Casualty, _: &mut Vec<Reason>) -> Ruling {
    if !c.state.pieces[c.card].status.mortally_wounded {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is mortally wounded: the personnel killed is a random selection from among those not mortally wounded",
        c.state.pieces[c.card].handle
    ))
}

fn casualty_selected_from_the_rest(c: &Casualty, reasons: &mut Vec<Reason>) -> Ruling {
    let p = &c.state.pieces[c.card];
    let why = if p.status.stunned || p.status.disabled {
        format!(
            "{} is stunned or disabled: the random selection includes those who are stunned or disabled",
            p.handle
        )
    } else {
        format!(
            "{} is not mortally wounded: it is among those the random selection is made from",
            p.handle
        )
    };
    yes_because(reasons, why, PERSONNEL_BATTLE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::{Card, Stat};
    use crate::engine::action::Phase;
    use crate::engine::fixture::{location, piece, table};

    fn armed(affs: &[&str]) -> impl FnOnce(&mut Card) {
        let affs: Vec<String> = affs.iter().map(|a| a.to_string()).collect();
        move |c| {
            c.affiliations = affs;
            c.cun_wpn = Some(Stat::Num(6));
        }
    }

    /// alice's Klingon ship (0) with Kurn (1, Leadership) aboard, and bob's
    /// Romulan ship (2), at one location; executing orders.
    fn scene() -> GameState {
        let mut s = table();
        s.phase = Phase::ExecuteOrders;
        let l = location(&mut s, "Alpha");
        piece(
            &mut s,
            "Bortas",
            CardType::Ship,
            "alice",
            Place::Space(l),
            armed(&["Klingon"]),
        );
        piece(
            &mut s,
            "Kurn",
            CardType::Personnel,
            "alice",
            Place::Aboard(0),
            |c| {
                c.affiliations = vec!["Klingon".into()];
                c.skills = vec![crate::cards::model::Skill {
                    name: "Leadership".into(),
                    level: 1.0,
                }];
            },
        );
        piece(
            &mut s,
            "Warbird",
            CardType::Ship,
            "bob",
            Place::Space(l),
            armed(&["Romulan"]),
        );
        s
    }

    fn ruling_in(
        rule: fn(&Attack, &mut Vec<Reason>) -> Ruling,
        mode: Mode,
        attackers: Vec<usize>,
        targets: Vec<usize>,
        edit: impl FnOnce(&mut GameState),
    ) -> Ruling {
        applied(rule, mode, attackers, targets, edit).0
    }

    /// A rule's ruling with the entries its reasons (and a refusal) cite.
    fn applied(
        rule: fn(&Attack, &mut Vec<Reason>) -> Ruling,
        mode: Mode,
        attackers: Vec<usize>,
        targets: Vec<usize>,
        edit: impl FnOnce(&mut GameState),
    ) -> (Ruling, Vec<String>) {
        let mut s = scene();
        edit(&mut s);
        let asked = super::super::request("attack", "alice", &attackers, None, None);
        let ctx = Attack {
            state: &s,
            mode,
            attackers,
            targets,
            player: "alice".into(),
            asked,
            allowed_by: None,
        };
        let mut reasons = Vec::new();
        let r = rule(&ctx, &mut reasons);
        (r.clone(), super::super::rules::titles_cited(r, reasons))
    }

    fn cites(
        rule: fn(&Attack, &mut Vec<Reason>) -> Ruling,
        edit: impl FnOnce(&mut GameState),
    ) -> Vec<String> {
        applied(rule, Mode::Initiate, vec![0], vec![2], edit).1
    }

    #[test]
    fn battle_is_cited_for_where_the_target_is_and_leader_for_who_leads() {
        assert!(cites(together, |_| ()).contains(&"battle".to_string()));
        let apart = cites(together, |s| {
            let l = location(s, "Beta");
            s.pieces[2].at = Place::Space(l);
        });
        assert!(apart.contains(&"battle".to_string()));
        let leaderless = cites(a_leader, |s| s.pieces[1].card.skills.clear());
        assert!(leaderless.contains(&"leader".to_string()));
    }

    #[test]
    fn firing_cites_the_rulings_on_who_must_be_aboard_and_range_used() {
        let cited = cites(ships_may_fire, |s| s.pieces[0].status.range_used = 5);
        assert!(cited.contains(&"battle, ship".to_string()), "{cited:?}");
        assert!(cited.contains(&"“stopped”".to_string()));
        assert!(!cites(ships_may_fire, |_| ()).contains(&"“stopped”".to_string()));
        let non_aligned = cites(ships_may_fire, |s| {
            s.pieces[0].card.affiliations = vec!["Non-Aligned".into()];
        });
        assert!(non_aligned.contains(&"WEAPONS, using".to_string()));
    }

    fn ruling(
        rule: fn(&Attack, &mut Vec<Reason>) -> Ruling,
        edit: impl FnOnce(&mut GameState),
    ) -> Ruling {
        ruling_in(rule, Mode::Initiate, vec![0], vec![2], edit)
    }

    fn refused(r: Ruling) -> bool {
        matches!(r, Ruling::No(_) | Ruling::Refused(_))
    }

    #[test]
    fn a_led_armed_klingon_ship_may_attack_a_romulan_one() {
        let s = scene();
        let ctx = Attack {
            state: &s,
            mode: Mode::Initiate,
            attackers: vec![0],
            targets: vec![2],
            player: "alice".into(),
            asked: super::super::request("attack", "alice", &[0], None, None),
            allowed_by: None,
        };
        let v = decide(&attack_rules(), &ctx);
        assert_eq!(
            v.value,
            crate::engine::verdict::VerdictValue::Yes,
            "{:?}",
            v.reasons
        );
    }

    #[test]
    fn battle_is_initiated_on_your_turn_while_executing_orders_but_fire_is_returned() {
        assert!(refused(ruling(own_turn, |s| s.turn_player = "bob".into())));
        assert_eq!(
            ruling_in(own_turn, Mode::ReturnFire, vec![0], vec![2], |s| s
                .turn_player =
                "bob".into()),
            Ruling::Next
        );
        assert!(refused(
            ruling(executing_orders, |s| s.phase = Phase::StartOfTurn)
        ));
        assert_eq!(ruling(forbidden, |_| ()), Ruling::Next);
    }

    #[test]
    fn targets_are_another_players_visible_cards_out_of_stasis() {
        assert!(refused(
            ruling(not_your_own, |s| s.pieces[2].controller = "alice".into())
        ));
        assert!(refused(ruling(visible_target, |s| s.pieces[2]
            .status
            .cloaked = true)));
        assert!(refused(ruling(target_not_in_stasis, |s| s.pieces[2]
            .status
            .in_stasis =
            true)));
        assert_eq!(ruling(unbound, |_| ()), Ruling::Next);
    }

    #[test]
    fn a_landed_ship_is_out_of_reach_and_ships_must_be_together() {
        assert!(refused(ruling(landed_ships, |s| s.pieces[2]
            .status
            .landed = true)));
        let elsewhere = |s: &mut GameState| {
            let l = location(s, "Alpha");
            s.pieces[2].at = Place::Space(l);
        };
        assert!(refused(ruling(together, elsewhere)));
        assert_eq!(ruling(together, |_| ()), Ruling::Next);
    }

    #[test]
    fn a_ship_fires_unstopped_undocked_uncloaked_armed_and_crewed() {
        assert_eq!(ruling(ships_may_fire, |_| ()), Ruling::Next);
        assert!(refused(ruling(ships_may_fire, |s| s.pieces[0]
            .status
            .stopped = true)));
        assert!(refused(
            ruling(ships_may_fire, |s| s.pieces[0].docked = Some(2))
        ));
        assert!(refused(ruling(ships_may_fire, |s| s.pieces[0]
            .card
            .cun_wpn = None)));
        assert!(refused(ruling(ships_may_fire, |s| s.pieces[1]
            .card
            .affiliations =
            vec!["Romulan".into()])));
    }

    #[test]
    fn an_attacked_stopped_ship_and_its_crew_are_unstopped_for_that_battle() {
        let attacked = |s: &mut GameState, target: &str| {
            s.pieces[0].status.stopped = true;
            s.action = Some(crate::engine::action::Action {
                kind: "ship battle".into(),
                targets: vec![target.into()],
                ..Default::default()
            });
        };
        let (r, cited) = applied(ships_may_fire, Mode::ReturnFire, vec![0], vec![2], |s| {
            attacked(s, "Bortas")
        });
        assert_eq!(r, Ruling::Next);
        assert!(cited.contains(&"stopped".to_string()), "{cited:?}");
        let elsewhere = ruling_in(ships_may_fire, Mode::ReturnFire, vec![0], vec![2], |s| {
            attacked(s, "Kurn")
        });
        assert!(refused(elsewhere));
    }

    #[test]
    fn a_stopped_away_team_does_not_fight() {
        let r = ruling_in(unstopped_away_team, Mode::Initiate, vec![1], vec![2], |s| {
            s.pieces[1].status.stopped = true
        });
        assert!(refused(r));
    }

    #[test]
    fn an_initiating_force_needs_a_leader_or_for_the_borg_a_defense_icon() {
        assert_eq!(ruling(a_leader, |_| ()), Ruling::Next);
        assert!(refused(ruling(a_leader, |s| s.pieces[1]
            .card
            .skills
            .clear())));
        let borg = |s: &mut GameState| {
            s.pieces[0].card.affiliations = vec!["Borg".into()];
            s.pieces[1].card.affiliations = vec!["Borg".into()];
        };
        assert!(refused(ruling(borg_defense, borg)));
        assert!(refused(ruling(borg_need_a_card, borg)));
    }

    #[test]
    fn returning_fire_and_counter_attacking_need_no_leader() {
        assert_eq!(
            ruling_in(return_fire, Mode::ReturnFire, vec![0], vec![2], |_| ()),
            Ruling::Yes
        );
        assert!(refused(ruling_in(
            counter_attack,
            Mode::CounterAttack,
            vec![0],
            vec![2],
            |_| ()
        )));
        let attacked = |s: &mut GameState| s.attacked_last_turn = vec!["bob".into()];
        assert_eq!(
            ruling_in(
                counter_attack,
                Mode::CounterAttack,
                vec![0],
                vec![2],
                attacked
            ),
            Ruling::Yes
        );
    }

    #[test]
    fn a_counter_attack_is_made_where_the_opponent_attacked() {
        let here = |s: &mut GameState| {
            let l = s.location_of(2).expect("the target is at a location");
            s.locations[l].attacked_by = vec!["bob".into()];
        };
        let counter = |f: fn(&mut GameState)| {
            ruling_in(counter_attack, Mode::CounterAttack, vec![0], vec![2], f)
        };
        assert_eq!(counter(here), Ruling::Yes);
        let elsewhere = |s: &mut GameState| {
            let other = crate::engine::fixture::location(s, "Alpha");
            s.locations[other].attacked_by = vec!["bob".into()];
        };
        assert!(
            refused(counter(elsewhere)),
            "the attack took place elsewhere"
        );
    }

    #[test]
    fn affiliation_restrictions_apply_to_the_whole_force_except_in_warp_speed() {
        assert_eq!(ruling(affiliation_restrictions, |_| ()), Ruling::Yes);
        let federation =
            |s: &mut GameState| s.pieces[1].card.affiliations = vec!["Federation".into()];
        assert!(refused(ruling(affiliation_restrictions, federation)));
        assert_eq!(
            ruling(warp_speed, |s| s.format = Format::WarpSpeed),
            Ruling::Yes
        );
    }
    #[test]
    fn the_casualty_is_any_opposing_personnel_not_mortally_wounded_nor_in_stasis() {
        let mut s = table();
        let at = Place::Planet(location(&mut s, "Alpha"));
        let p = piece(&mut s, "Worf", CardType::Personnel, "bob", at, |_| {});
        let yes = |s: &GameState| {
            may_be_casualty(s, p, &[]).value == crate::engine::verdict::VerdictValue::Yes
        };
        assert!(yes(&s));
        s.pieces[p].status.stunned = true;
        assert!(yes(&s), "stunned personnel are included");
        s.pieces[p].status.mortally_wounded = true;
        assert!(!yes(&s));
        s.pieces[p].status.mortally_wounded = false;
        s.pieces[p].status.in_stasis = true;
        assert!(!yes(&s));
    }
}
