# English strings of «Сражение». Every message here must also exist in ru.ftl
# (checked by the unit tests in src/i18n). Arguments: $n / $id are numbers, $name is text.
# Texts are HTML (parse_mode HTML): escape < > & in literal text.

lang-name = English
lang-choose = Choose your language:
lang-set = Language: English.
hello = Hello, { $name }!
game-title = Game #{ $id }
game-number = #{ $id }
moves-count =
    { $n ->
        [one] { $n } move
       *[other] { $n } moves
    }

## Commands (Telegram menu)
cmd-start = Start and main menu
cmd-new = Invite a friend to a new game
cmd-games = Your games
cmd-setups = Saved setups
cmd-rules = Rules of the game
cmd-lang = Language / Язык
cmd-cancel = Cancel your open invitation
cmd-help = How to play with this bot

## Rule sets
rules-battle = «Сражение»
rules-battle-runners = «Сражение», running Soldiers
rules-classic = Classic Stratego
rules-duel = Duel (10 pieces)
rules-battle-duel = «Сражение» duel (10 pieces)

## Pieces
sym-mine-battle = B
sym-flag-battle = F
sym-mine-classic = B
sym-flag-classic = F
rank-battle-0 = Marshal
rank-battle-1 = General
rank-battle-2 = Colonel
rank-battle-3 = Major
rank-battle-4 = Captain
rank-battle-5 = Lieutenant
rank-battle-6 = Sergeant
rank-battle-7 = Sapper
rank-battle-8 = Soldier
rank-battle-9 = Scout
rank-battle-10 = Mine
rank-battle-11 = Flag
rank-classic-0 = Marshal
rank-classic-1 = General
rank-classic-2 = Colonel
rank-classic-3 = Major
rank-classic-4 = Captain
rank-classic-5 = Lieutenant
rank-classic-6 = Sergeant
rank-classic-7 = Miner
rank-classic-8 = Scout
rank-classic-9 = Spy
rank-classic-10 = Bomb
rank-classic-11 = Flag
side-south = South (red)
side-north = North (blue)

## Board
board-you-vs = You play { $side } against { $opponent }.
legend-battle = <i>1 Marshal · 2 General · 3 Colonel · 4 Major · 5 Captain · 6 Lieutenant · 7 Sergeant · 8 Sapper · 9 Soldier · 10 Scout — the lower, the stronger (10 takes 1 by attacking) · B mine · F flag</i>
legend-classic = <i>10 Marshal · 9 General · 8 Colonel · 7 Major · 6 Captain · 5 Lieutenant · 4 Sergeant · 3 Miner · 2 Scout · 1 Spy — the higher, the stronger (1 takes 10 by attacking) · B bomb · F flag</i>
last-move = Last move:
last-moves =
    { $n ->
        [one] Last move:
       *[other] Last moves:
    }
legend-marks = <i>Enemy: ? never moved · ! has moved, so not a { $family ->
        [classic] bomb
       *[other] mine
    } or the flag{ $runner } · *5 revealed. Yours: 5° known to the enemy. › the last move's squares · ≈ lake</i>
legend-runner = {" "}· !! has run several squares: a { $rank }
you = You
ply-line = { $who }: { $mv }
combat-won = your { $mine } beat their { $theirs }
combat-lost = your { $mine } fell to their { $theirs }
combat-both = your { $mine } and their { $theirs } both fell
captured = Your losses: { $lost } · Taken: { $taken }
turn-yours = Your move.
turn-theirs = { $opponent } to move.
time-unlimited = no time limit
time-days =
    { $n ->
        [one] { $n } day per move
       *[other] { $n } days per move
    }
days-unlimited = ∞ unlimited
days-button =
    { $n ->
        [one] { $n } day
       *[other] { $n } days
    }
resign-question = Resign game #{ $id }? Your opponent wins.
selected-stuck = Selected { $sq }: { $piece }. It has no move now: tap another piece.
draw-you-offered = You offered a draw; waiting for the answer.
draw-they-offered = Your opponent offers a draw: open ☰ to accept or decline.
selected = Selected { $sq }: { $piece }. Tap a marked square (○ or ⚔) to move there.
moves-played =
    { $n ->
        [one] { $n } move was played.
       *[other] { $n } moves were played.
    }
setups-revealed = Setup codes (back rank first): South <code>{ $south }</code>, North <code>{ $north }</code>
board-moved-below = ⬇ This board moved below.
btn-menu = ☰ Menu
btn-resign = 🏳 Resign
btn-resign-yes = Yes, resign
btn-resign-no = No, play on
btn-offer-draw = 🤝 Offer a draw
btn-accept-draw = ✅ Accept the draw
btn-decline-draw = ❌ Decline
btn-moves = 📜 Moves of the game
moves-heading = Moves { $from }–{ $to } of { $total }:
moves-none = No moves yet.
btn-resend = ⬇ Board to the bottom
btn-webapp = 🗺 Board
btn-webapp-menu = 🗺 Сражение
btn-back = ↩ Back to the board

## Results
result-won = You won
result-lost = You lost
result-draw = Draw
why-flag = the flag was captured.
why-nomoves = no legal move was left.
why-resign = by resignation.
why-time = on time.
why-draw-nomoves = neither side can move.
why-draw-noattacks = too many moves without an attack.
why-draw-agreed = agreed by both players.
why-draw-dead = neither side can ever capture the flag.
why-draw-plylimit = the limit of moves was reached.

## Setup
setup-header = You play { $side } against { $opponent }. Set up your army on your four home ranks.
first-you = The lot says: <b>you move first</b>.
first-them = The lot says: your opponent moves first.
first-red-you = Red (South) moves first: <b>you</b>.
first-red-them = Red (South) moves first: your opponent.
setup-code-label = Setup code (copy it, or load one with /setup CODE):
setup-help = Tap two squares to swap their pieces. 🔀 shuffles, 🧠 makes a smart setup, ⚔ confirms. Save this setup with /setups save NAME; load a saved one from /setups.
setup-opponent-ready = Your opponent is ready.
setup-selected = { $sq } selected: tap another square to swap.
setup-waiting = ✅ You are ready. Waiting for your opponent…
setup-both-ready = ✅ Both ready — the game begins!
btn-shuffle = 🔀 Shuffle
btn-smart = 🧠 Smart setup
btn-confirm = ⚔ To battle!
btn-edit-setup = ✏ Change my setup
setup-usage = Send your setup code after the command, e.g. /setup BFB8657B869B3745s2485B98B963579919849796 — 40 characters, one per home square, your back rank first, each rank from your left: 1–9 the ranks, s the Scout (the Spy in classic), B a mine, F the flag, . an empty square (duels only). Your current code is under your setup board.
setup-loaded = Setup loaded into game #{ $id }.
setups-header = Your saved setups:
setups-none = You have no saved setups yet.
setups-saved = Saved as «{ $name }».
setups-help = Open the workbench for a rule set below, or send /setup CODE. On the workbench 💾 saves a setup under a name and 🏷 renames it. A saved setup serves its family of rule sets: «Сражение» with or without running Soldiers, Classic, or both duels. Typed: /setups save NAME [CODE], /setups rename OLD NEW.
setups-save-code = With no game in setup, add the code: /setups save NAME CODE (the workbench and every setup board show the code).
setups-renamed = «{ $old }» is now «{ $new }».
btn-bench = ✏ { $rules }
bench-title = Setup workbench
bench-help = Tap two squares to swap them; 💾 saves the setup under a name (or type /setups save NAME { $code }).
btn-save-setup = 💾 Save
btn-rename-setup = 🏷 Rename
setups-ask-name = 💾 Reply to this message with a name for the setup (up to { $max } characters).
setups-ask-rename = 🏷 Reply to this message with a new name for «{ $name }» (up to { $max } characters).
setups-name-placeholder = Setup name
btn-load-setup = Load «{ $name }»
btn-delete-setup = 🗑 Delete
toast-setup-loaded = Setup loaded.
toast-setup-deleted = Deleted.
code-length = a code has 40 characters, this one has { $n }
code-bad-char = character { $pos } («{ $ch }») is not a piece: use 1–9, s, B, F (and . in duels)
code-empty = square { $pos } is empty, but all 40 home squares must be filled
code-diff = { $piece }: { $found } instead of { $expected }
code-composition = the army does not match: { $diffs }

## Invitations and lobby
welcome-new =
    Welcome, { $name }! This is «Сражение» — Stratego played slowly, move by move, right here in this chat.

    Start a game against the AI now, or invite a friend with a link. You see only your own pieces; the enemy's are revealed in battle.
    /help lists every command.
welcome-back = Welcome back, { $name }!
welcome-your-move = Waiting for your move: { $games }
welcome-no-move = No game is waiting for your move. Start a new one:
dead-link-offer = You can still play: a game against the AI starts at once, or invite a friend yourself.
btn-menu-ai = 🤖 Play the AI
btn-menu-new = ⚔ Invite a friend
new-choose-rules = Which game?
new-choose-days = { $rules }: how much time per move?
invitation =
    Invitation to game #{ $id }: { $rules }, { $time }.
    Send this link to your friend — the game starts when they open it:
    { $link }
invite-share-text = Play «Сражение» with me!
btn-share = ↗ Share the invitation
btn-cancel-invite = ✖ Cancel the invitation
toast-cancelled = Invitation cancelled.
cancel-nothing = You have no open invitation.
joined = You joined game #{ $id }. You play North. Set up your army below.
joined-play = You joined game #{ $id }. You play North; the game has begun — the board is below.
games-header = <b>Your games</b>
games-none = You have no games yet. Start one with /new.
games-line = #{ $id } · { $rules } · vs { $opponent } · { $status }
status-waiting = waiting for the friend
status-setup = setting up
status-your-move = <b>your move</b>
status-their-move = their move
status-cancelled = cancelled
btn-show-game = Show game #{ $id }
err-unknown-rules = There is no rule set «{ $name }». Choose one of: battle, battle-runners, classic, duel, battle-duel.

## Notices
notice-joined = { $name } accepted your invitation to game #{ $id }. Set up your army.
notice-ready = Your opponent in game #{ $id } is ready.
notice-started-you = Game #{ $id } has begun. You move first!
notice-started-them = Game #{ $id } has begun. Your opponent moves first.
notice-draw-offered = Your opponent in game #{ $id } offers a draw.
notice-draw-declined = Your draw offer in game #{ $id } was declined.
notice-game-over = Game #{ $id } is over — the board above shows the result.
notice-opponent-blocked = Your opponent in game #{ $id } has blocked the bot. The game goes on; they will not be notified.
notice-invite-cancelled = The invitation to game #{ $id } is cancelled.

## Errors
err-no-game = This game does not exist.
err-not-in-game = This is not your game.
err-stale = This board is out of date — here is the current one.
err-wrong-phase = That is not possible at this stage of the game.
err-not-your-turn = It is not your move yet.
err-bad-move-text = I could not read that move. Write it like e4-e5.
err-bad-setup-code = That setup code does not fit: { $why }.
err-not-your-piece = Tap one of your own movable pieces.
err-not-destination = That piece cannot go there. Tap a marked square, or the piece again to drop it.
err-invite-not-found = This invitation does not exist. Ask your friend for a new link.
err-invite-cancelled = This invitation was cancelled.
err-invite-used = Someone has already accepted this invitation.
err-own-invite = This is your own invitation — send the link to a friend.
err-no-active-game = You have no game this applies to. See /games.
err-no-draw-offer = There is no draw offer to answer.
err-no-setup = That saved setup does not exist.
err-setup-rule-set = That setup was saved for another family of rule sets.
err-setup-name = A setup name is 1 to 32 characters on one line. Nothing was changed; try another name.
err-internal = Something went wrong on our side. Please try again.
err-bad-button = This button is not valid.
mv-game-over = The game is over.
mv-empty = There is no piece on { $sq }.
mv-enemy = The piece on { $sq } is not yours.
mv-immobile-mine = Mines never move.
mv-immobile-flag = The flag never moves.
mv-same = A move has to go somewhere.
mv-lake = Pieces cannot enter or cross a lake.
mv-own = { $sq } holds your own piece.
mv-diagonal = Pieces move along files and ranks, never diagonally.
mv-too-far = This piece moves one square at a time.
mv-blocked = The way is blocked.
mv-runner-strike = A long move must end on an empty square; attack from next to the enemy.
mv-two-square = Two-square rule: this piece may not go between the same two squares again.
mv-chasing = Chasing rule: you may not repeat a position of this chase.
unknown-command = I do not know that command. /help lists what I can do.
short-help = Moves are typed like e4-e5 (or tap the board). /help for more.

## Help and rules
help =
    <b>How to play</b>
    Against the AI, at once: /ai. With a friend: /new gives you a link to send them.
    You both set up your armies here in the chat: tap two squares to swap their pieces, or use 🔀 / 🧠, then ⚔ To battle!
    Then tap a piece and a marked square, or type the move: <code>e4-e5</code>, <code>e4 e5</code>, <code>e4e5</code>.
    You see your own pieces; the enemy's stay hidden until a battle reveals them.

    <b>Commands</b>
    { $commands }
    /setup CODE — load a setup code (40 characters, back rank first) into your current setup

    <b>In groups</b>
    Add me to a group and send /challenge [rule set] [days] [@user]: anyone can accept (or only the one you named). In any chat, type @{ $bot } to post a challenge card.
-rules-board = Board 10×10 with two lakes (c5–d6, g5–h6).
-rules-move = A piece moves one square forward, back or sideways — never diagonally, never into a lake.
-rules-attack = Moving onto an enemy piece is an attack: both are revealed, the stronger wins, equal ranks both fall.
-rules-battle-army = Each side has 40 pieces: Marshal 1, General 2, Colonel 3 ×2, Major 4 ×3, Captain 5 ×4, Lieutenant 6 ×4, Sergeant 7 ×4, Sapper 8 ×5, Soldier 9 ×8, Scout 10, 6 Mines and the Flag. The lower the number, the stronger.
-rules-battle-setup = South sets up on ranks 1–4, North on 7–10, in secret. Who moves first is drawn by lot.
-rules-battle-still = Mines and the Flag never move. You may not shuttle one piece between the same two squares more than three times in a row.
-rules-battle-combat = A Mine destroys any attacker except the Sapper, who clears it. The Scout takes the Marshal when the Scout attacks, and loses every other battle.
-rules-battle-end = You win by capturing the Flag, or when your opponent has no move left. 100 moves in a row without an attack — a draw. You may resign or agree a draw at any time.
-rules-runner = A Soldier (9) may run any number of empty squares in a straight line, but attacks only a neighbouring square.
-rules-classic-army = Each side has 40 pieces: Marshal 10, General 9, Colonel 8 ×2, Major 7 ×3, Captain 6 ×4, Lieutenant 5 ×4, Sergeant 4 ×4, Miner 3 ×5, Scout 2 ×8, Spy 1, 6 Bombs and the Flag. The higher the number, the stronger.
-rules-classic-setup = Red (South) sets up on ranks 1–4, Blue (North) on 7–10, in secret. Red moves first.
-rules-classic-still = A Scout (2) moves like a rook through empty squares and may attack the piece at the end of its move. Bombs and the Flag never move. Two-square rule: a piece may not go between the same two squares more than three times in a row. Chasing rule: a piece that keeps chasing may not bring back a position of that chase.
-rules-classic-combat = A Bomb destroys any attacker except a Miner, who defuses it. The Spy takes the Marshal when the Spy attacks, and loses every other battle.
-rules-classic-end = You win by capturing the Flag, or when your opponent has no move left. 200 moves in a row without an attack — a draw; so is a game where neither Flag can be taken any more. You may resign or agree a draw at any time.
rules-text-battle =
    <b>«Сражение» — the rules</b>
    { -rules-board } { -rules-battle-army }
    { -rules-battle-setup }
    { -rules-move } { -rules-battle-still }
    { -rules-attack } { -rules-battle-combat }
    { -rules-battle-end }
rules-text-battle-runners =
    <b>«Сражение» with running Soldiers — the rules</b>
    { -rules-board } { -rules-battle-army }
    { -rules-battle-setup }
    { -rules-move } { -rules-runner } { -rules-battle-still }
    { -rules-attack } { -rules-battle-combat }
    { -rules-battle-end }
rules-text-classic =
    <b>Classic Stratego (ISF) — the rules</b>
    { -rules-board } { -rules-classic-army }
    { -rules-classic-setup }
    { -rules-move } { -rules-classic-still }
    { -rules-attack } { -rules-classic-combat }
    { -rules-classic-end }
rules-text-duel =
    <b>Duel — the rules</b>
    The quick game of classic Stratego. { -rules-board } Each side has 10 pieces: Marshal 10, General 9, 2 Miners 3, 2 Scouts 2, Spy 1, 2 Bombs and the Flag, placed in secret on any squares of its four home ranks (Red: 1–4, Blue: 7–10). The higher the number, the stronger. Red (South) moves first.
    { -rules-move } { -rules-classic-still }
    { -rules-attack } { -rules-classic-combat }
    { -rules-classic-end }
rules-text-battle-duel =
    <b>«Сражение» duel — the rules</b>
    The quick game of «Сражение». { -rules-board } Each side has 10 pieces: Marshal 1, General 2, 2 Sappers 8, 2 Soldiers 9, Scout 10, 2 Mines and the Flag, placed in secret on any squares of its four home ranks (South: 1–4, North: 7–10). The lower the number, the stronger. Who moves first is drawn by lot.
    { -rules-move } { -rules-runner } { -rules-battle-still }
    { -rules-attack } { -rules-battle-combat }
    { -rules-battle-end }

## The built-in AI
ai-name = AI ({ $level })
ai-level-easy = 🙂 Easy
ai-level-normal = 🤔 Normal
ai-level-hard = 🧠 Hard
ai-level-random = Random
ai-level-greedy = Greedy
ai-choose-level = Play against the bot's AI. Which level?
ai-level-chosen = Starting a game against the AI…
ai-started = Game #{ $id } against { $name }: you play South. Set up your army below — the AI is ready.
ai-usage = Start a game against the AI: /ai easy, /ai normal or /ai hard, optionally followed by a rule set (e.g. /ai hard classic).
cmd-ai = Play against the bot's AI

## Correspondence clock (R23)
left-days = ≤ { $d } d left
left-hours = ≤ { $h } h left
deadline-at = until { $at } UTC
notice-reminder =
    { $n ->
        [one] ⏰ Game #{ $id }: { $n } hour left for your move.
       *[other] ⏰ Game #{ $id }: { $n } hours left for your move.
    }
notice-aborted = Game #{ $id } was aborted without result.
btn-abort = ✖ Abort without result
status-aborted = aborted

## Ratings
cmd-stats = Your rating and results
stats-header = <b>Your ratings</b> (Glicko-2; games against the AI are counted but not rated)
stats-none = No finished games yet.
stats-line =
    { $games ->
        [one] { $family }: <b>{ $rating }</b> ± { $rd } · { $games } game: { $wins } won, { $draws } drawn, { $losses } lost
       *[other] { $family }: <b>{ $rating }</b> ± { $rd } · { $games } games: { $wins } won, { $draws } drawn, { $losses } lost
    }
family-battle = «Сражение»
family-classic = Classic
family-duel = Duel

## Rematch
btn-rematch = 🔁 Rematch (sides swapped)
btn-accept-rematch = ✅ Accept the rematch
notice-rematch = Your opponent in game #{ $id } offers a rematch with sides swapped.
toast-rematch-offered = Rematch offered to your opponent.
toast-rematch-ai = A new game against the AI, sides swapped.

## History
cmd-history = Finished games: replay, export, picture
history-header = <b>Finished games</b>
history-none = No finished games yet.
btn-export = 📄 Export
btn-picture = 🖼 Picture
export-players = Players: { $players }
export-rules = Rule set: { $rules }
export-time = Time control: { $time }
export-dates = Started: { $start } · finished: { $end }
export-result = Result: { $result }
export-in-progress = game in progress
export-machine = The lines below are the game itself, for any program that reads the srazhenie-game format.
replay-title = <b>Replay of game #{ $id }</b> · ply { $ply } of { $total } · everything revealed

## Settings
cmd-settings = Settings: move confirmation
settings =
    <b>Settings</b>
    Confirm each tapped move with a second tap:
    • in games with people: { $human }
    • in games against the AI: { $ai }
    (Typed moves are played at once.)
on = on
off = off
btn-toggle-confirm-human = Switch for games with people
btn-toggle-confirm-ai = Switch for games against the AI
toast-tap-again = Tap { $sq } again to play { $mv } (move confirmation: /settings).

## Vacation
cmd-vacation = Pause your clocks for a few days
vacation-usage = Send /vacation DAYS to pause all your clocks, e.g. /vacation 3. You have 14 days a year.
vacation-status =
    { $n ->
        [one] You have { $n } vacation day left this year. /vacation DAYS pauses all your clocks.
       *[other] You have { $n } vacation days left this year. /vacation DAYS pauses all your clocks.
    }
vacation-started =
    { $n ->
        [one] Your clocks are paused until { $date } (UTC). { $n } vacation day is left this year.
       *[other] Your clocks are paused until { $date } (UTC). { $n } vacation days are left this year.
    }
vacation-running = You are on vacation until { $date } (UTC). /vacation DAYS adds days to it.
vacation-extended =
    { $n ->
        [one] Your vacation is extended: your clocks are paused until { $date } (UTC). { $n } vacation day is left this year.
       *[other] Your vacation is extended: your clocks are paused until { $date } (UTC). { $n } vacation days are left this year.
    }
vacation-allowance =
    { $n ->
        [one] That does not fit: { $n } vacation day is left this year (at least 1 day at a time).
       *[other] That does not fit: { $n } vacation days are left this year (at least 1 day at a time).
    }
opponent-vacation = 🏖 { $opponent } is on vacation until { $date }: their clock is paused.

## Challenge cards and spectators
card-open = ⚔ { $name } challenges you to { $rules } ({ $time }). Who accepts?
card-open-named = ⚔ { $name } challenges { $whom } to { $rules } ({ $time }).
card-article-description = Post a challenge card with an Accept button
btn-accept-challenge = ⚔ Accept
card-game = ⚔ { $south } (South) vs { $north } (North) · { $rules }
card-setup = setting up the armies
card-move = 🎯 move { $n }, { $name } to play
card-winner = { $name } won
btn-watch = 👁 Watch
btn-unwatch = Stop watching
spectator-title = 👁 <b>Game #{ $id }</b>: { $south } (South, r) vs { $north } (North, b)
spectator-legend = <i>r South · b North · r5 a revealed rank · ≈ lake — only what both players know</i>
watching = You are watching game #{ $id }. Its board appears below and follows the game.
toast-watching = Watching: the board is in your chat with the bot.
toast-unwatched = You stopped watching.
unwatched = You no longer watch game #{ $id }.
toast-challenge-accepted = Challenge accepted! Your setup board is in your chat with the bot.
group-games-none = No games were challenged in this group yet. /challenge starts one.
group-games-header = <b>Games of this group</b>
group-open-challenge = { $name }'s challenge, waiting for someone to accept
err-own-challenge = This is your own challenge — wait for someone to accept it.
err-challenge-taken = Someone has already accepted this challenge.
err-challenge-not-for-you = This challenge is for someone else.

## Introduction
bot-description =
    «Сражение» is Stratego by correspondence: the Soviet edition and the classic rules. Set up your army in secret, then play move by move, over days if you like. You see only your own pieces until a battle reveals the enemy's.

    Play the built-in AI at once with /ai, or invite a friend with /new. In a group: /challenge.
bot-short-description = Stratego by correspondence: play the AI or a friend, move by move. Start with /ai or /new.
group-welcome =
    Hello! I am «Сражение» — Stratego by correspondence.
    /challenge posts a challenge anyone here can accept; /challenge classic 3 picks the rule set (or jungle) and the days per move. Reply to someone's message with /challenge, or add their @name, to challenge only them.
    The game itself is played in private chats with me; /games lists this group's games.

## Questions answered or expired (the message loses its buttons)
q-draw-accepted = 🤝 The draw offer in game #{ $id } was accepted: the game is drawn.
q-draw-declined = The draw offer in game #{ $id } was declined.
q-game-over = Game #{ $id } is over.
q-reminder-moved = ⏰ Game #{ $id }: you moved in time.
q-reminder-later = ⏰ Game #{ $id }: a newer reminder is below.
q-invite-accepted = ✓ { $name } accepted the invitation to game #{ $id }.
q-invite-cancelled = The invitation to game #{ $id } was cancelled.
q-rematch-accepted = ✓ The rematch was accepted: game #{ $id }.

## Jungle (docs/jungle.md)
rules-jungle = Jungle
family-jungle = Jungle
animal =
    { $n ->
        [1] Rat
        [2] Cat
        [3] Dog
        [4] Wolf
        [5] Leopard
        [6] Tiger
        [7] Lion
       *[8] Elephant
    }
jungle-legend = <i>🏠 den · 🪤 trap · 🌊 water · { $enemy } the opponent's animals · › last move · ○ where the selected animal can go</i>
jungle-animals = <i>{ $list }</i>
jungle-captures = ✖ { $animal }
jungle-spectator-title = 👁 <b>Game #{ $id }</b> of Jungle: { $south } (South, 🔴) vs { $north } (North, 🔵)
jungle-spectator-legend = <i>🏠 den · 🪤 trap · 🌊 water · unmarked: South's animals · 🔵 North's · › last move</i>
why-den = an animal entered the den.
why-allcaptured = every animal was captured.
why-draw-nocaptures = 100 plies without a capture.
why-draw-repetition = the same position for the third time.
jmv-empty = There is no animal on { $sq }.
jmv-enemy = The animal on { $sq } is not yours.
jmv-own = { $sq } holds your own animal.
jmv-not-a-step = An animal moves one square along a file or rank; only the Lion and the Tiger jump across a river.
jmv-own-den = No animal enters its own den.
jmv-water = Only the Rat enters the water.
jmv-jump-blocked = A Rat in the river blocks the jump.
jmv-too-weak = The { $attacker } cannot capture the { $defender }.
jmv-across-bank = No capture between the water and the land.
new-jungle = Jungle
ai-started-jungle = Game #{ $id } of Jungle against { $name }: you play { $side }. The board is below.
rules-text-jungle =
    <b>Jungle — the rules</b>
    A board of 7 files a–g and 9 ranks 1–9 with two rivers (b4–c6, e4–f6), a den for each side (d1, d9) and three traps around each den. Each side has eight animals: Elephant 8, Lion 7, Tiger 6, Leopard 5, Wolf 4, Dog 3, Cat 2, Rat 1. Who moves first is drawn by lot.
    An animal moves one square along a file or rank and never into its own den. Only the Rat swims; the Lion and the Tiger jump across a river unless a Rat is in the way.
    An animal captures one of equal or lower rank; the Rat captures the Elephant, the Elephant never the Rat; no capture between water and land. An animal on a trap by the enemy's den can be captured by any enemy animal.
    Win by entering the enemy den or capturing every enemy animal. 100 plies without a capture or the same position three times is a draw. Moves are typed like a3-a4 or tapped on the board.
