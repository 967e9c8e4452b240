//! The ability compiler on real 1E interrupts, events, incidents and dilemmas.
//! Each row was read from the card's own text: (title, function index,
//! expected timing class, a target it acts on, an effect verb; "" = not checked).

use daystrom::engine::abilities::{compile, TimingClass as T};

#[rustfmt::skip]
const CASES: &[(&str, usize, T, &str, &str)] = &[
    // Interrupts
    ("A Missing Day", 0, T::TypeDefault, "dilemma", "count down"),
    ("Absolute Power", 0, T::TypeDefault, "personnel", "kill"),
    ("Activate Tractor Beam", 0, T::PlaysOn, "ship", "relocate"),
    ("Adapt: Negate Obstruction", 0, T::Just, "dilemma", "nullify"),
    ("Alas, Poor Queen", 0, T::Just, "{Borg Queen}", "kill"),
    ("Amanda Rogers", 0, T::Just, "interrupt", "nullify"),
    ("Android Headlock", 0, T::Just, "action: combat pairing", "mortally wound"),
    ("Android Headlock", 1, T::TypeDefault, "{Borg Kiss}", "nullify"),
    ("Anti-Matter Spread", 0, T::StartOf, "action: ship battle", "modify"),
    ("Asteroid Sanctuary", 0, T::PlaysOn, "ship", "prevent"),
    ("Attack Pattern Delta", 0, T::StartOf, "action: ship battle", "modify"),
    ("Auto-Destruct Sequence", 0, T::PlaysOn, "ship", "damage"),
    ("Awaken", 0, T::TypeDefault, "drone", "download"),
    ("Awaken", 1, T::StartOf, "action: battle", "download"),
    ("Barclay Transporter Phobia", 0, T::During, "action: beam", "cure"),
    ("Baseball", 0, T::Just, "facility", "score"),
    ("Beyond the Subatomic", 0, T::TypeDefault, "draw deck", "examine"),
    ("Brain Drain", 0, T::EveryTurn, "crew", "remove"),
    ("Burial Ground", 0, T::PlaysOn, "player", "place out-of-play"),
    ("Changeling Sweep", 0, T::TypeDefault, "interrupt", "place out-of-play"),
    ("Cluttering Irrelevancies", 0, T::StartOf, "action: mission attempt", "add"),
    ("Cold Warriors", 0, T::During, "action: encounter dilemma", "add"),
    ("Countermanda", 0, T::TypeDefault, "{Telepathic Alien Kidnappers}", "nullify"),
    ("Countermanda", 1, T::Just, "{Palor Toff}", "suspend"),
    ("Crosis", 0, T::PlaysOn, "{Rogue Borg}", "modify"),
    ("Data Laughing", 0, T::TypeDefault, "{Calamarain}", "nullify"),
    ("Dead in Bed", 0, T::TypeDefault, "personnel", "kill"),
    ("Disruptor Overload", 0, T::PlaysOn, "equipment", "destroy"),
    ("Docking Procedures", 0, T::Just, "action: dock", "stop"),
    ("Double Dumbass on You!", 0, T::Just, "personnel", "stop"),
    ("Emergency Transporter Armbands", 0, T::AtAnyTime, "personnel", "beam"),
    ("Empathic Touch", 0, T::Just, "action: kill", "prevent"),
    ("End Transmission", 0, T::PlaysOn, "table", "end turn"),
    ("Energy Vortex", 0, T::Just, "action: card play", "return to hand"),
    ("Escape Pod", 0, T::During, "ship", "save"), // "being destroyed": during the destruction
    ("Eyes in the Dark", 0, T::During, "action: encounter dilemma", "add"),
    ("Fire Sculptor", 1, T::TypeDefault, "discard pile", "place out-of-play"),
    ("Flight of the Intruder", 0, T::SuspendsPlay, "shape-shifters", "morph"),
    ("Full Planet Scan", 0, T::StartOfTurn, "ship", "examine"),
    ("Hail", 0, T::PlaysOn, "ship", "stop"),
    ("Hugh", 0, T::TypeDefault, "{Borg Ship}", "nullify"),
    ("Hugh", 1, T::TypeDefault, "{Rogue Borg}", "destroy"),
    ("Howard Heirloom Candle", 1, T::TypeDefault, "{Coalescent Organism}", "nullify"),
    ("Howard Heirloom Candle", 2, T::TypeDefault, "{Anya}", "prevent"),
    ("I Do Not Take Orders From You!", 0, T::StartOf, "action: personnel battle", "kill"),
    ("I'm a Doctor, Not a Doorstop", 1, T::TypeDefault, "action: personnel battle", "cancel"),
    ("Inside Operation", 0, T::StartOf, "action: ship battle", "modify"),
    ("Jaglom Shrek - Information Broker", 0, T::TypeDefault, "draw deck", "examine"),
    ("Kevin Uxbridge", 0, T::TypeDefault, "event in play", "nullify"),
    ("Kevin Uxbridge: Convergence", 0, T::TypeDefault, "event in play", "destroy"),
    ("Klingon Death Yell", 0, T::Just, "klingon", "score"),
    ("La Forge Maneuver", 0, T::TypeDefault, "ship", "examine"),
    ("Life-form Scan", 0, T::TypeDefault, "hand", "examine"),
    ("Long-Range Scan", 0, T::TypeDefault, "ship", "examine"),
    ("Magnetic North", 0, T::PlaysOn, "ship", "prevent"),
    ("Mercy Kill", 1, T::TypeDefault, "event in play", "nullify"),
    ("Multivector Assault Mode", 0, T::StartOf, "action: battle", "modify"),
    ("Mutation", 0, T::TypeDefault, "discard pile", "shuffle"),
    ("Near-Warp Transport", 0, T::TypeDefault, "action: beam", "allow"),
    ("Outgunned", 0, T::StartOf, "action: battle", "cancel"),
    ("Palor Toff: Alien Trader", 0, T::TypeDefault, "discard pile", "take"),
    ("Particle Fountain", 0, T::Just, "action: mission attempt", ""),
    ("Phaser Burns", 0, T::During, "action: personnel battle", "kill"),
    ("Plexing", 0, T::TypeDefault, "{Empathic Echo}", "nullify"),
    ("Q2", 0, T::TypeDefault, "[Q] dilemma", "nullify"),
    ("Quinn", 0, T::Just, "interrupt", "nullify"),
    ("Remember the Alamo", 0, T::Just, "action: personnel battle", "kill"),
    ("Scan", 0, T::StartOfTurn, "ship", "examine"),
    ("Senior Staff Meeting", 0, T::StartOf, "action: mission attempt", "discard"),
    ("Shipwreck", 0, T::StartOf, "action: battle", "suspend"),
    ("Smoke Bomb", 0, T::StartOf, "action: personnel battle", "exclude"),
    ("Smoke Bomb", 1, T::EveryTurn, "crew", "stop"),
    ("Strike Three", 0, T::StartOf, "action: personnel battle", "stun"),
    ("Subspace Schism", 0, T::Just, "action: card draw", "discard"),
    ("Tactical Scan", 1, T::StartOf, "action: battle", "select"),
    ("Temporal Rift", 0, T::PlaysOn, "ship", ""),
    ("That's a Stupid Question!", 0, T::SuspendsPlay, "personnel", "modify"),
    ("The Devil", 0, T::TypeDefault, "{Treaty}", "destroy"),
    ("The Guardian", 0, T::SuspendsPlay, "shape-shifter", "morph"),
    ("The Juggler", 0, T::TypeDefault, "draw deck", "shuffle"),
    ("Vulcan Nerve Pinch", 0, T::StartOf, "action: personnel battle", "place in stasis"),
    ("We Surrender!", 0, T::StartOf, "action: battle", "cancel"),
    ("Weak Spot", 0, T::During, "ship", "modify"),
    ("Wolf", 0, T::Just, "personnel", "save"),
    ("Wolf", 1, T::TypeDefault, "{Barclay Transporter Phobia}", "nullify"),
    ("You Dirty Rat", 0, T::PlaysOn, "shape-shifter", "morph"),
    ("Subspace Interference", 0, T::TypeDefault, "{Hail}", "prevent"),
    ("Scorched Hand", 0, T::TypeDefault, "hand", "shuffle"),
    ("Romulan Ambush", 0, T::TypeDefault, "ship", "destroy"),
    // Events
    ("Red Alert!", 0, T::PlaysOn, "table", "allow"),
    ("Kivas Fajo - Collector", 0, T::TypeDefault, "player", "draw"),
    ("Computer Crash", 0, T::PlaysOn, "table", "discard"),
    ("Mirror Image", 0, T::PlaysOn, "{Red Alert}", ""),
    ("Res-Q", 0, T::TypeDefault, "discard pile", "exchange"),
    ("Treaty: Federation/Romulan", 0, T::PlaysOn, "table", "allow"),
    ("Fair Play", 0, T::PlaysOn, "mission", ""),
    ("Anti-Time Anomaly", 0, T::PlaysOn, "table", "kill"),
    ("Line of Defense", 0, T::PlaysOn, "ships", "modify"),
    ("Venus Drug", 0, T::PlaysOn, "location", "add"),
    ("Starting Over", 0, T::TypeDefault, "hand", "discard"),
    ("Assassination Plot", 0, T::TypeDefault, "skill", "select"),
    ("Espionage: Vulcan on Klingon", 0, T::PlaysOn, "mission", "allow"),
    ("Disrupted Continuum", 0, T::PlaysOn, "table", "nullify"),
    ("Revolving Door", 0, T::PlaysOn, "{Iconian Gateway}", "discard"),
    ("Mot's Advice", 0, T::PlaysOn, "personnel", "add"),
    // Incidents
    ("Sniper", 0, T::PlaysOn, "table", "mortally wound"),
    ("Latest Provocation", 0, T::Seeds, "table", "draw"),
    ("Bodyguards", 0, T::PlaysOn, "table", "exclude"),
    // Dilemmas
    ("Nausicaans", 0, T::Encounter, "away team", "kill"),
    ("Borg Ship", 0, T::Encounter, "ships", "attack"),
    ("Cardassian Trap", 0, T::Encounter, "personnel", "capture"),
    ("Orion Syndicate Bomb", 0, T::Encounter, "ship", "damage"),
    ("Astral Eddy", 0, T::Encounter, "crew member", "kill"),
    ("Assassin's Blade", 0, T::Encounter, "personnel", "kill"),
    ("Stellar Flare", 0, T::Encounter, "ships", "damage"),
    ("Male's Love Interest", 0, T::Encounter, "male", "relocate"),
    ("Temporal Causality Loop", 0, T::Encounter, "turn", "end turn"),
    ("Nitrium Metal Parasites", 0, T::Encounter, "ship", "destroy"),
    ("Radioactive Garbage Scow", 0, T::Encounter, "mission", "place"),
    ("Microbiotic Colony", 0, T::Encounter, "ship", "damage"),
    ("Barclay's Protomorphosis Disease", 0, T::Encounter, "crew", "kill"),
    ("Coalescent Organism", 0, T::Encounter, "personnel", "kill"),
    ("Thought Fire", 0, T::Encounter, "{The Traveler: Transcendence}", "kill"),
    ("Zaldan", 0, T::Encounter, "away team", "kill"),
    ("Routine Physical", 0, T::Encounter, "personnel", "stop"),
    ("Terrorist Explosion", 0, T::Encounter, "facility", "damage"),
    ("Altonian Brain Teaser", 0, T::Encounter, "personnel", "stop"),
    ("Hazardous Duty", 0, T::Encounter, "mission", "require"),
    ("Space Amoeba", 0, T::Encounter, "ships", "relocate"),
    ("Gomtuu Shock Wave", 0, T::Encounter, "ships", "damage"),
];

#[test]
fn compiler_reads_real_cards_as_a_player_would() {
    assert!(CASES.len() >= 100, "only {} cases", CASES.len());
    let mut failures = Vec::new();
    for &(title, idx, class, target, verb) in CASES {
        let card = crate::support::card(title);
        let c = compile(card);
        let Some(a) = c.abilities.get(idx) else {
            failures.push(format!(
                "{title}: no function #{idx} (has {})",
                c.abilities.len()
            ));
            continue;
        };
        let targets: Vec<String> = a.targets.iter().map(|t| t.to_string()).collect();
        let verbs: Vec<&str> = a.effects.iter().map(|e| e.verb.as_str()).collect();
        let mut wrong = Vec::new();
        if a.timing.class != class {
            wrong.push(format!("timing {:?} (want {class:?})", a.timing.class));
        }
        if !targets.iter().any(|t| t == target) {
            wrong.push(format!("targets {targets:?} lack {target:?}"));
        }
        if !verb.is_empty() && !verbs.contains(&verb) {
            wrong.push(format!("effects {verbs:?} lack {verb:?}"));
        }
        if !wrong.is_empty() {
            failures.push(format!("{title}#{idx}: {}", wrong.join("; ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases wrong:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}
