//! Names in an `[action]` and where a card is when it is played: scenarios
//! written in a temporary directory and checked against the real cards.

use daystrom::scenario::check::check_file;
use daystrom::scenario::DbTitleResolver;

/// An `[action]` may name a card by its database title without listing it,
/// but a name that is neither a title, a card, nor a player is still an error
/// at its line.
#[test]
fn action_names_are_titles_or_players_but_typos_are_errors() {
    let db = crate::support::cards();
    let resolver = DbTitleResolver::new(db);
    let tmp = tempfile::tempdir().expect("tempdir");
    let write = |name: &str, card: &str| {
        let p = tmp.path().join(name);
        let text = format!(
            "title = \"t\"\n[game]\nturn = \"alice\"\nphase = \"execute orders\"\n\n[action]\nkind = \"card play\"\nby = \"bob\"\ncard = \"{card}\"\n\n[[question]]\nask = \"valid response\"\ncard = \"Amanda Rogers\"\nplayer = \"bob\"\n"
        );
        std::fs::write(&p, text).expect("write");
        p
    };
    let good = check_file(&write("good.toml", "Hugh"), db, &resolver);
    assert!(good.error.is_none(), "{:?}", good.error);
    let bad = check_file(&write("bad.toml", "Hugg Nonsuch"), db, &resolver);
    let e = bad.error.expect("a misspelt card is an error");
    assert!(e.contains("bad.toml:9:"), "{e}");
}

/// The same card is played from hand at its type's time but, once on the
/// table, its "At any time, ..." text works on the opponent's turn.
#[test]
fn at_any_time_text_is_a_use_in_play_not_a_play_from_hand() {
    let db = crate::support::cards();
    let resolver = DbTitleResolver::new(db);
    let tmp = tempfile::tempdir().expect("tempdir");
    let ask = |at: &str| {
        let p = tmp.path().join(format!("{}.toml", at.replace(' ', "-")));
        let text = format!(
            "title = \"t\"\n[game]\nturn = \"bob\"\nphase = \"execute orders\"\n\n[[card]]\ntitle = \"Meditation\"\nowner = \"alice\"\nat = \"{at}\"\n\n[[question]]\nask = \"can play\"\ncard = \"Meditation\"\nplayer = \"alice\"\n"
        );
        std::fs::write(&p, text).expect("write");
        let r = check_file(&p, db, &resolver);
        assert!(r.error.is_none(), "{:?}", r.error);
        r.answers[0].verdict.value.to_string()
    };
    assert_eq!(ask("hand"), "no");
    assert_eq!(ask("table"), "yes");
}
