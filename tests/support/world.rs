//! The state of the fake Telegram: users, chats and their messages, the
//! update queue, callback and inline queries, the bot's profile, the call
//! log and the flood limits. The Bot API methods are in `botapi.rs`; the
//! scripted users act through the methods here.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::time::Instant;

use serde_json::{Value, json};

/// How the fake server behaves.
#[derive(Clone)]
pub struct Config {
    /// The bot's `getMe` username (deep links and `/cmd@bot` use it).
    pub bot_username: String,
    /// Refuse sends over Telegram's rate limits with 429 (else only count them).
    pub flood: bool,
    /// Seconds within which callback and inline queries must be answered.
    pub answer_deadline_secs: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config { bot_username: "srazhenie_test_bot".into(), flood: false, answer_deadline_secs: 15.0 }
    }
}

/// One inline keyboard button as a user sees it.
#[derive(Clone, Debug)]
pub struct Button {
    /// The label.
    pub text: String,
    /// `callback_data`, if it is a callback button.
    pub data: Option<String>,
    /// The Mini App's URL, if it is a `web_app` button.
    pub web_app: Option<String>,
}

/// One message of a chat as it is now.
#[derive(Clone, Debug)]
pub struct Msg {
    /// The chat it is in.
    pub chat: i64,
    /// Its id within the chat (users' and the bot's messages share the sequence).
    pub id: i64,
    /// Sent by the bot (or posted via the bot's inline mode).
    pub from_bot: bool,
    /// The sender's user id (the bot's id for its messages).
    pub sender: i64,
    /// The visible text (after HTML parsing), or the caption; empty if none.
    pub text: String,
    /// The validated inline keyboard JSON (`{"inline_keyboard": ...}`), if any.
    pub markup: Option<Value>,
    /// How many times it was edited.
    pub edits: u32,
    /// Deleted (kept, flagged, as tgsim does).
    pub deleted: bool,
    /// Set for messages posted through inline mode.
    pub inline_id: Option<String>,
    /// The file name of a document.
    pub document: Option<String>,
    /// A text document's content.
    pub file_text: Option<String>,
    /// Whether it is a photo.
    pub photo: bool,
    /// The message it replies to.
    pub reply_to: Option<i64>,
}

impl Msg {
    /// The rows of buttons of its inline keyboard.
    pub fn keyboard(&self) -> Vec<Vec<Button>> {
        let rows = self.markup.as_ref().and_then(|m| m.get("inline_keyboard")).and_then(Value::as_array);
        rows.map(|rows| {
            rows.iter()
                .map(|row| {
                    row.as_array()
                        .map(|r| {
                            r.iter()
                                .map(|b| Button {
                                    text: b["text"].as_str().unwrap_or("").into(),
                                    data: b.get("callback_data").and_then(Value::as_str).map(Into::into),
                                    web_app: b["web_app"].get("url").and_then(Value::as_str).map(Into::into),
                                })
                                .collect()
                        })
                        .unwrap_or_default()
                })
                .collect()
        })
        .unwrap_or_default()
    }

    /// All buttons, row by row.
    pub fn buttons(&self) -> Vec<Button> {
        self.keyboard().into_iter().flatten().collect()
    }
}

/// A simulated user.
#[derive(Clone)]
pub struct UserRec {
    /// The user's id (and their private chat's).
    pub id: i64,
    /// First name.
    pub first_name: String,
    /// @username (without the @).
    pub username: String,
    /// Telegram's `language_code`.
    pub lang: String,
    /// Sent /start in the private chat.
    pub started: bool,
    /// Blocked the bot.
    pub blocked: bool,
}

impl UserRec {
    /// The Bot API `User` object.
    pub fn to_api(&self) -> Value {
        json!({"id": self.id, "is_bot": false, "first_name": self.first_name, "username": self.username,
               "language_code": self.lang})
    }
}

/// A private chat (id = the user's id) or a group (negative id).
pub struct Chat {
    /// The group's title; `None` for a private chat.
    pub title: Option<String>,
    /// Users who may write in it.
    pub members: Vec<i64>,
    /// All messages, deleted ones flagged, in id order.
    pub messages: Vec<Msg>,
}

/// A callback query and the bot's answer.
pub struct Callback {
    /// When the user pressed (the answer deadline counts from here).
    pub pressed_at: Instant,
    /// `{text, show_alert, url}` once answered.
    pub answer: Option<Value>,
    /// When the bot answered.
    pub answered_at: Option<Instant>,
}

/// An inline query, the bot's answer and what choosing each result posts.
pub struct InlineRec {
    /// Who typed it.
    pub user: i64,
    /// What was typed after `@bot`.
    pub query: String,
    /// When (the answer deadline counts from here).
    pub asked_at: Instant,
    /// The answered results.
    pub results: Option<Vec<Value>>,
    /// result id → (visible text, inline keyboard).
    pub posts: HashMap<String, (String, Option<Value>)>,
}

/// One logged Bot API call.
#[derive(Clone, Debug)]
pub struct Call {
    /// The method as the bot spelled it, lower case.
    pub method: String,
    /// The HTTP status answered.
    pub status: u16,
    /// The error description, if refused.
    pub error: Option<String>,
    /// The parameters (uploads summarised).
    pub params: Value,
    /// When it was answered.
    pub at: Instant,
}

/// A send over one of Telegram's rate limits.
#[derive(Clone, Debug)]
pub struct FloodEvent {
    /// "chat", "group" or "global".
    pub rule: &'static str,
    /// Whether it was refused with 429.
    pub refused: bool,
}

/// Telegram's send limits: a token bucket per chat (1/s, burst 3),
/// 20 a minute per group, 30 a second in all.
#[derive(Default)]
pub struct Flood {
    buckets: HashMap<i64, (f64, f64)>,
    groups: HashMap<i64, VecDeque<f64>>,
    global: VecDeque<f64>,
}

impl Flood {
    fn tokens(&self, chat: i64, now: f64) -> f64 {
        let (t, last) = self.buckets.get(&chat).copied().unwrap_or((3.0, now));
        (t + (now - last)).min(3.0)
    }

    /// The rule one more send to `chat` would break, with its retry_after.
    pub fn violation(&mut self, now: f64, chat: Option<i64>) -> Option<(&'static str, u64)> {
        let secs = |s: f64| (s - 1e-9).ceil().max(1.0) as u64;
        while self.global.front().is_some_and(|&t| t <= now - 1.0) {
            self.global.pop_front();
        }
        if self.global.len() >= 30 {
            return Some(("global", secs(self.global[0] + 1.0 - now)));
        }
        let chat = chat?;
        if chat < 0 {
            let w = self.groups.entry(chat).or_default();
            while w.front().is_some_and(|&t| t <= now - 60.0) {
                w.pop_front();
            }
            if w.len() >= 20 {
                return Some(("group", secs(w[0] + 60.0 - now)));
            }
        }
        let t = self.tokens(chat, now);
        (t < 1.0).then(|| ("chat", secs(1.0 - t)))
    }

    /// Counts one send.
    pub fn record(&mut self, now: f64, chat: Option<i64>) {
        self.global.push_back(now);
        let Some(chat) = chat else { return };
        if chat < 0 {
            self.groups.entry(chat).or_default().push_back(now);
        }
        let t = self.tokens(chat, now);
        self.buckets.insert(chat, ((t - 1.0).max(0.0), now));
    }
}

/// Everything the fake Telegram knows.
pub struct World {
    /// How the server behaves.
    pub cfg: Config,
    /// The bot's id (the number before the token's `:`).
    pub bot_id: i64,
    /// Users by id.
    pub users: BTreeMap<i64, UserRec>,
    /// Chats by id (private chats have the user's id, groups negative ids).
    pub chats: BTreeMap<i64, Chat>,
    /// Updates not yet confirmed by an offset.
    pub updates: VecDeque<Value>,
    /// The id the next update gets.
    pub next_update: i64,
    /// Callback queries by id.
    pub callbacks: HashMap<String, Callback>,
    /// Inline queries by id.
    pub inline_queries: HashMap<String, InlineRec>,
    /// inline_message_id → (chat, message id).
    pub inline_msgs: HashMap<String, (i64, i64)>,
    /// Numbers callback and inline query ids.
    pub next_query: u64,
    /// Every Bot API call in order.
    pub calls: Vec<Call>,
    /// (scope JSON, language) → commands.
    pub commands: BTreeMap<(String, String), Vec<Value>>,
    /// (field, language) → text, for description, short_description and name.
    pub profile: BTreeMap<(String, String), String>,
    /// The flood limits' state.
    pub flood: Flood,
    /// Every send over a limit.
    pub flood_events: Vec<FloodEvent>,
    /// Bumped by every getUpdates as it arrives; an older waiting poll ends with 409.
    pub poll_seq: u64,
    /// When the world was made.
    pub t0: Instant,
    /// A `sendMessage` whose text contains this is held before it is
    /// applied, until this is cleared, and then refused without being
    /// applied (a bot killed meanwhile never sent it).
    pub hold_sends: Option<String>,
    /// How many sends were held so far.
    pub held: usize,
    /// A `sendMessage` whose text contains the first is applied at once
    /// (the user sees the message) but answered to the bot only after the
    /// second: a slow network between the bot and Telegram.
    pub slow_sends: Option<(String, std::time::Duration)>,
}

/// A refused Bot API call: HTTP status, description, retry_after.
pub struct ApiErr(pub u16, pub String, pub Option<u64>);

/// A 400 "Bad Request: …".
pub fn bad(what: &str) -> ApiErr {
    ApiErr(400, format!("Bad Request: {what}"), None)
}

impl World {
    /// An empty world.
    pub fn new(cfg: Config) -> World {
        World {
            cfg,
            bot_id: 123_456,
            users: BTreeMap::new(),
            chats: BTreeMap::new(),
            updates: VecDeque::new(),
            next_update: 100_000,
            callbacks: HashMap::new(),
            inline_queries: HashMap::new(),
            inline_msgs: HashMap::new(),
            next_query: 0,
            calls: Vec::new(),
            commands: BTreeMap::new(),
            profile: BTreeMap::new(),
            flood: Flood::default(),
            flood_events: Vec::new(),
            poll_seq: 0,
            t0: Instant::now(),
            hold_sends: None,
            held: 0,
            slow_sends: None,
        }
    }

    /// Seconds since the world was made.
    pub fn now(&self) -> f64 {
        self.t0.elapsed().as_secs_f64()
    }

    /// The bot as a `User`.
    pub fn bot_user(&self) -> Value {
        json!({"id": self.bot_id, "is_bot": true, "first_name": "Srazhenie", "username": self.cfg.bot_username})
    }

    /// Queues an update of `kind`.
    pub fn enqueue(&mut self, kind: &str, payload: Value) -> i64 {
        let id = self.next_update;
        self.next_update += 1;
        let mut u = json!({"update_id": id});
        u[kind] = payload;
        self.updates.push_back(u);
        id
    }

    /// The Bot API `Chat` object of chat `id`.
    pub fn chat_api(&self, id: i64) -> Value {
        match self.chats.get(&id) {
            Some(Chat { title: Some(t), .. }) => {
                json!({"id": id, "type": if id <= -1_000_000_000_000 { "supergroup" } else { "group" }, "title": t})
            }
            _ => {
                let u = self.users.get(&id);
                json!({"id": id, "type": "private", "first_name": u.map_or("?", |u| u.first_name.as_str()),
                       "username": u.map_or("", |u| u.username.as_str())})
            }
        }
    }

    /// The Bot API `Message` object of a message.
    pub fn render(&self, m: &Msg) -> Value {
        let from = if m.from_bot && m.inline_id.is_none() {
            self.bot_user()
        } else {
            self.users.get(&m.sender).map_or(Value::Null, UserRec::to_api)
        };
        let mut v = json!({"message_id": m.id, "date": 1_700_000_000, "chat": self.chat_api(m.chat), "from": from});
        if m.photo {
            v["photo"] = json!([{"file_id": "photo", "file_unique_id": "p", "width": 90, "height": 90}]);
            if !m.text.is_empty() {
                v["caption"] = json!(m.text);
            }
        } else if let Some(name) = &m.document {
            v["document"] = json!({"file_id": "doc", "file_unique_id": "d", "file_name": name});
            if !m.text.is_empty() {
                v["caption"] = json!(m.text);
            }
        } else {
            v["text"] = json!(m.text);
            if m.text.starts_with('/') {
                let len = m.text.split_whitespace().next().unwrap_or("").encode_utf16().count();
                v["entities"] = json!([{"type": "bot_command", "offset": 0, "length": len}]);
            }
        }
        if let Some(k) = &m.markup {
            v["reply_markup"] = k.clone();
        }
        if m.inline_id.is_some() {
            v["via_bot"] = self.bot_user();
        }
        if let Some(r) = m.reply_to.and_then(|r| self.message(m.chat, r)) {
            let mut inner = self.render(&Msg { reply_to: None, ..r.clone() });
            inner.as_object_mut().map(|o| o.remove("reply_to_message"));
            v["reply_to_message"] = inner;
        }
        v
    }

    /// A live (not deleted) message.
    pub fn message(&self, chat: i64, id: i64) -> Option<&Msg> {
        self.chats.get(&chat)?.messages.iter().find(|m| m.id == id && !m.deleted)
    }

    /// A live message, mutably.
    pub fn message_mut(&mut self, chat: i64, id: i64) -> Option<&mut Msg> {
        self.chats.get_mut(&chat)?.messages.iter_mut().find(|m| m.id == id && !m.deleted)
    }

    /// Appends a message to `chat` with the chat's next id; returns the id.
    pub fn add_message(&mut self, mut m: Msg) -> i64 {
        let chat = self.chats.get_mut(&m.chat).expect("known chat");
        m.id = chat.messages.last().map_or(1, |l| l.id + 1);
        let id = m.id;
        chat.messages.push(m);
        id
    }

    /// Callback queries the bot has not answered.
    pub fn unanswered_callbacks(&self) -> usize {
        self.callbacks.values().filter(|c| c.answer.is_none()).count()
    }
}
