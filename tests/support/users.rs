//! Scripted users of the fake Telegram: they start the bot, write, press
//! buttons (real or forged), use inline mode, block the bot, and read
//! their chats. Every wait polls the world with a deadline and panics with
//! what it waited for.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::botapi::new_callback;
use super::server::Api;
use super::world::{Chat, InlineRec, Msg, UserRec};

/// How long a scenario waits for the bot before it fails.
pub const WAIT: Duration = Duration::from_secs(30);

/// Polls `f` until it returns `Some`, at most `timeout`; panics naming `what`.
pub fn wait_for<T>(timeout: Duration, what: &str, mut f: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out after {timeout:?} waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Where a button is pressed: a chat message or an inline message.
#[derive(Clone, Copy, Debug)]
pub enum On<'a> {
    /// Message `id` of chat `chat`.
    Message(i64, i64),
    /// The inline message with this id.
    Inline(&'a str),
}

/// One simulated user.
#[derive(Clone)]
pub struct User {
    /// The user's id (and their private chat's).
    pub id: i64,
    /// First name.
    pub name: String,
    api: Api,
    last_sent: Arc<AtomicI64>,
}

static NEXT_ID: AtomicI64 = AtomicI64::new(1000);

impl Api {
    /// A new user (language `lang`) with an unstarted private chat.
    pub fn user(&self, name: &str, lang: &str) -> User {
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let mut w = self.world();
        let username = format!("{}{id}", name.to_lowercase());
        w.users.insert(
            id,
            UserRec { id, first_name: name.into(), username, lang: lang.into(), started: false, blocked: false },
        );
        w.chats.insert(id, Chat { title: None, members: vec![id], messages: Vec::new() });
        User { id, name: name.into(), api: self.clone(), last_sent: Arc::new(AtomicI64::new(0)) }
    }

    /// A group with these members; the bot is told it was added.
    pub fn group(&self, id: i64, title: &str, members: &[&User]) -> i64 {
        let mut w = self.world();
        let ids: Vec<i64> = members.iter().map(|u| u.id).collect();
        w.chats.insert(id, Chat { title: Some(title.into()), members: ids.clone(), messages: Vec::new() });
        let payload = json!({"chat": w.chat_api(id), "from": w.users[&ids[0]].to_api(), "date": 1_700_000_000,
            "old_chat_member": {"user": w.bot_user(), "status": "left"},
            "new_chat_member": {"user": w.bot_user(), "status": "member"}});
        w.enqueue("my_chat_member", payload);
        drop(w);
        self.notify();
        id
    }

    /// The messages of a chat, oldest first, deleted ones left out.
    pub fn messages(&self, chat: i64) -> Vec<Msg> {
        self.world()
            .chats
            .get(&chat)
            .map(|c| c.messages.iter().filter(|m| !m.deleted).cloned().collect())
            .unwrap_or_default()
    }

    /// The message `id` of `chat` as it is now (deleted ones too).
    pub fn message(&self, chat: i64, id: i64) -> Option<Msg> {
        self.world().chats.get(&chat)?.messages.iter().find(|m| m.id == id).cloned()
    }

    /// The answer to callback query `qid` (`{text, url, show_alert}`) and
    /// how long after the press it came, once answered.
    pub fn answer_of(&self, qid: &str) -> Option<(Value, Duration)> {
        let w = self.world();
        let c = w.callbacks.get(qid)?;
        Some((c.answer.clone()?, c.answered_at?.duration_since(c.pressed_at)))
    }

    /// The message posted through inline mode with this id.
    pub fn inline_message(&self, inline_id: &str) -> Option<Msg> {
        let (c, m) = *self.world().inline_msgs.get(inline_id)?;
        self.message(c, m)
    }

    /// Deletes a message as its reader would (the bot is not told).
    pub fn delete(&self, chat: i64, id: i64) {
        if let Some(m) = self.world().message_mut(chat, id) {
            m.deleted = true;
        }
    }
}

impl User {
    /// Presses Start (`/start`).
    pub fn start(&self) -> i64 {
        self.send("/start")
    }

    /// Follows a deep link `https://t.me/<bot>?start=<payload>`.
    pub fn open_link(&self, link: &str) -> i64 {
        let bot = self.api.world().cfg.bot_username.clone();
        let rest = link.trim().strip_prefix("https://t.me/").unwrap_or_else(|| panic!("not a deep link: {link}"));
        let (name, query) = rest.split_once('?').unwrap_or((rest, ""));
        assert!(name.eq_ignore_ascii_case(&bot), "the link opens @{name}, not @{bot}");
        let payload = query.strip_prefix("start=").unwrap_or("");
        assert!(
            payload.len() <= 64 && payload.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
            "deep-link payload {payload:?} breaks Telegram's rule"
        );
        self.send(&if payload.is_empty() { "/start".into() } else { format!("/start {payload}") })
    }

    /// Sends `text` in the private chat; returns its message id.
    pub fn send(&self, text: &str) -> i64 {
        self.send_in(self.id, text, None)
    }

    /// Sends `text` in `chat` (optionally as a reply); returns its message id.
    pub fn send_in(&self, chat: i64, text: &str, reply_to: Option<i64>) -> i64 {
        let mut w = self.api.world();
        let user = w.users[&self.id].clone();
        assert!(chat != self.id || !user.blocked, "{} blocked the bot and cannot write", self.name);
        assert!(
            w.chats.get(&chat).is_some_and(|c| c.members.contains(&self.id)),
            "{} is not in chat {chat}",
            self.name
        );
        if chat == self.id && !user.started {
            assert!(text.starts_with("/start"), "{} must press Start first", self.name);
            w.users.get_mut(&self.id).expect("user").started = true;
        }
        let m = Msg {
            chat,
            id: 0,
            from_bot: false,
            sender: self.id,
            text: text.into(),
            markup: None,
            edits: 0,
            deleted: false,
            inline_id: None,
            document: None,
            file_text: None,
            photo: false,
            reply_to,
        };
        let id = w.add_message(m);
        let rendered = w.render(w.message(chat, id).expect("just added"));
        w.enqueue("message", rendered);
        drop(w);
        self.api.notify();
        if chat == self.id {
            self.last_sent.store(id, Ordering::SeqCst);
        }
        id
    }

    /// The id of this user's last message in the private chat.
    pub fn last_sent(&self) -> i64 {
        self.last_sent.load(Ordering::SeqCst)
    }

    /// Presses the button with `data` (`forge`: even if no such button is
    /// shown) and waits for the bot's answer: `Ok(Some({text, url}))`, or
    /// `Ok(None)` if unanswered within 10 s; `Err` when Telegram would not
    /// let the user press it (no such button, deleted message).
    pub fn try_press(&self, on: On<'_>, data: &str, forge: bool) -> Result<Option<Value>, String> {
        let qid = self.tap(on, data, forge)?;
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(a) = self.api.world().callbacks[&qid].answer.clone() {
                return Ok(Some(a));
            }
            if Instant::now() >= deadline {
                return Ok(None);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Presses the button with `data` without waiting for the answer;
    /// returns the callback query's id (see [`Api::answer_of`]).
    pub fn tap(&self, on: On<'_>, data: &str, forge: bool) -> Result<String, String> {
        let mut w = self.api.world();
        let (chat, msg_id) = match on {
            On::Message(c, m) => (c, m),
            On::Inline(iid) => *w.inline_msgs.get(iid).ok_or("unknown inline message")?,
        };
        let m = w
            .chats
            .get(&chat)
            .and_then(|c| c.messages.iter().find(|m| m.id == msg_id))
            .ok_or("no such message")?
            .clone();
        if m.deleted {
            return Err(format!("message {msg_id} was deleted"));
        }
        if !forge && !m.buttons().iter().any(|b| b.data.as_deref() == Some(data)) {
            return Err(format!("no button {data:?} on message {msg_id}"));
        }
        w.next_query += 1;
        let qid = (4_000_000_000_000_000_000u64 + w.next_query).to_string();
        let mut payload =
            json!({"id": qid, "from": w.users[&self.id].to_api(), "chat_instance": chat.to_string(), "data": data});
        match on {
            On::Inline(iid) => payload["inline_message_id"] = json!(iid),
            On::Message(..) => payload["message"] = w.render(&m),
        }
        w.callbacks.insert(qid.clone(), new_callback());
        w.enqueue("callback_query", payload);
        drop(w);
        self.api.notify();
        Ok(qid)
    }

    /// Presses a shown button of message `id` in the private chat; panics if unanswered.
    pub fn press(&self, msg: i64, data: &str) -> Value {
        self.press_on(On::Message(self.id, msg), data)
    }

    /// Presses a shown button anywhere; panics if it cannot be pressed or is unanswered.
    pub fn press_on(&self, on: On<'_>, data: &str) -> Value {
        match self.try_press(on, data, false) {
            Ok(Some(a)) => a,
            Ok(None) => panic!("{}'s press of {data:?} was not answered", self.name),
            Err(e) => panic!("{} cannot press {data:?}: {e}", self.name),
        }
    }

    /// Presses forged callback data on message `msg` of the private chat; returns the answer text.
    pub fn press_forged(&self, msg: i64, data: &str) -> String {
        match self.try_press(On::Message(self.id, msg), data, true) {
            Ok(Some(a)) => a["text"].as_str().unwrap_or("").to_owned(),
            other => panic!("forged press {data:?} not answered: {other:?}"),
        }
    }

    /// Types `@bot query`; returns the bot's results and the query id.
    pub fn inline_query(&self, query: &str) -> (Vec<Value>, String) {
        let mut w = self.api.world();
        w.next_query += 1;
        let qid = (5_000_000_000_000_000_000u64 + w.next_query).to_string();
        let payload = json!({"id": qid, "from": w.users[&self.id].to_api(), "query": query, "offset": ""});
        w.inline_queries.insert(
            qid.clone(),
            InlineRec {
                user: self.id,
                query: query.into(),
                asked_at: Instant::now(),
                results: None,
                posts: Default::default(),
            },
        );
        w.enqueue("inline_query", payload);
        drop(w);
        self.api.notify();
        let results = wait_for(WAIT, "the inline answer", || self.api.world().inline_queries[&qid].results.clone());
        (results, qid)
    }

    /// Posts inline result `result` of query `qid` into `chat`; returns its inline_message_id.
    pub fn choose_inline(&self, qid: &str, result: &str, chat: i64) -> String {
        let mut w = self.api.world();
        let q = &w.inline_queries[qid];
        assert_eq!(q.user, self.id, "not this user's inline query");
        let (text, markup) = q.posts.get(result).cloned().unwrap_or_else(|| panic!("no inline result {result}"));
        let query = q.query.clone();
        let iid = format!("fake-inline-{qid}-{result}");
        let m = Msg {
            chat,
            id: 0,
            from_bot: true,
            sender: self.id,
            text,
            markup: markup.clone(),
            edits: 0,
            deleted: false,
            inline_id: Some(iid.clone()),
            document: None,
            file_text: None,
            photo: false,
            reply_to: None,
        };
        let id = w.add_message(m);
        w.inline_msgs.insert(iid.clone(), (chat, id));
        let rendered = w.render(w.message(chat, id).expect("just added"));
        w.enqueue("message", rendered);
        let mut chosen = json!({"result_id": result, "from": w.users[&self.id].to_api(), "query": query});
        if markup.is_some() {
            chosen["inline_message_id"] = json!(iid);
        }
        w.enqueue("chosen_inline_result", chosen);
        drop(w);
        self.api.notify();
        iid
    }

    /// Blocks (`true`) or unblocks the bot; the bot gets `my_chat_member`.
    pub fn set_blocked(&self, blocked: bool) {
        let mut w = self.api.world();
        w.users.get_mut(&self.id).expect("user").blocked = blocked;
        let member = json!({"user": w.bot_user(), "status": "member"});
        let kicked = json!({"user": w.bot_user(), "status": "kicked", "until_date": 0});
        let (old, new) = if blocked { (member, kicked) } else { (kicked, member) };
        let payload = json!({"chat": w.chat_api(self.id), "from": w.users[&self.id].to_api(), "date": 1_700_000_000,
            "old_chat_member": old, "new_chat_member": new});
        w.enqueue("my_chat_member", payload);
        drop(w);
        self.api.notify();
    }

    /// The bot's live messages in the private chat, oldest first.
    pub fn bot_messages(&self) -> Vec<Msg> {
        self.api.messages(self.id).into_iter().filter(|m| m.from_bot).collect()
    }

    /// Waits for a bot message newer than `after` whose text contains `needle`.
    pub fn wait_text(&self, needle: &str, after: i64) -> Msg {
        let what = format!("{} to see {needle:?}", self.name);
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(m) = self.bot_messages().into_iter().find(|m| m.id > after && m.text.contains(needle)) {
                return m;
            }
            if Instant::now() >= deadline {
                let tail: Vec<String> =
                    self.bot_messages().iter().rev().take(4).map(|m| format!("#{}: {:.300}", m.id, m.text)).collect();
                panic!("timed out waiting for {what}; last messages: {tail:#?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the first bot message after this user's last one.
    pub fn wait_reply(&self) -> Msg {
        let after = self.last_sent();
        wait_for(WAIT, &format!("a reply to {}", self.name), || self.bot_messages().into_iter().find(|m| m.id > after))
    }

    /// Waits until `f` holds for the private message `id`; returns it.
    pub fn wait_message(&self, id: i64, what: &str, f: impl Fn(&Msg) -> bool) -> Msg {
        wait_for(WAIT, what, || self.api.message(self.id, id).filter(|m| f(m)))
    }
}
