"""The Python client against a real proxy-server: label moves, 304s, the fallback, compile()."""

import unittest
import uuid

from prompt_perfect import MissingVariableError, PromptClient, PromptFetchError

from .server import ADMIN_TOKEN, DOWN_URL, READ_TOKEN, RUN_ONLY_TOKEN, URL, RecordingProxy, api


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def new_prompt(*texts: str, production: int = 1) -> str:
    name = f"py-{uuid.uuid4().hex[:12]}"
    for text in texts:
        api("POST", f"/prompts/{name}/versions", {"text": text, "model": "gpt-4o-mini"})
    api("PUT", f"/prompts/{name}/labels/production", {"version": production})
    return name


@unittest.skipUnless(URL and READ_TOKEN and ADMIN_TOKEN, "needs PP_URL and tokens: run through npm test")
class PromptClientTest(unittest.TestCase):
    def setUp(self) -> None:
        self.clock = Clock()
        self.proxy = RecordingProxy(URL)
        self.addCleanup(self.proxy.stop)

    def client(self, **options) -> PromptClient:
        return PromptClient(self.proxy.url, READ_TOKEN, ttl=1.0, clock=self.clock, **options)

    def test_fetches_by_label_and_serves_from_memory_within_the_ttl(self) -> None:
        name = new_prompt("Hello {{name}}.", "Good day, {{name}}!")
        prompts = self.client()
        first = prompts.get_prompt(name, label="production")
        self.assertEqual((first.source, first.version, first.label), ("server", 1, "production"))
        self.assertEqual(first.variables, ["name"])
        self.assertEqual(first.config["model"], "gpt-4o-mini")
        self.assertEqual(first.compile(name="Ada"), "Hello Ada.")
        self.clock.now += 0.999
        self.assertEqual(prompts.get_prompt(name, label="production").source, "cache")
        self.assertEqual(prompts.get_prompt(name, version=2).text, "Good day, {{name}}!")
        self.assertEqual(prompts.get_prompt(name).version, 2)
        self.assertEqual(
            [path for path, _, _ in self.proxy.seen],
            [f"/api/prompts/{name}?label=production", f"/api/prompts/{name}?version=2", f"/api/prompts/{name}"],
        )

    def test_past_the_ttl_revalidates_with_the_etag_and_follows_a_label_move(self) -> None:
        name = new_prompt("Hello {{name}}.", "Good day, {{name}}!")
        prompts = self.client()
        prompts.get_prompt(name, label="production")
        etag = self.proxy.seen[-1]
        self.clock.now += 1.0
        self.assertEqual(prompts.get_prompt(name, label="production").source, "stale")
        prompts.settle()
        path, if_none_match, status = self.proxy.seen[-1]
        self.assertIsNotNone(if_none_match)
        self.assertEqual(status, 304, f"{path} revalidated with {if_none_match} after {etag}")
        self.assertEqual(prompts.get_prompt(name, label="production").source, "cache")

        api("PUT", f"/prompts/{name}/labels/production", {"version": 2})
        self.clock.now += 1.0
        self.assertEqual(prompts.get_prompt(name, label="production").version, 1)
        prompts.settle()
        self.assertEqual(self.proxy.seen[-1][2], 200)
        moved = prompts.get_prompt(name, label="production")
        self.assertEqual((moved.source, moved.version), ("cache", 2))
        self.assertEqual(moved.compile(name="Grace"), "Good day, Grace!")

    def test_while_the_server_is_down_the_stale_copy_then_the_fallback(self) -> None:
        name = new_prompt("Hello {{name}}.")
        errors = []
        prompts = self.client(on_error=errors.append)
        prompts.get_prompt(name, label="production")
        self.proxy.stop()
        self.clock.now += 5.0
        stale = prompts.get_prompt(name, label="production")
        self.assertEqual((stale.source, stale.text), ("stale", "Hello {{name}}."))
        prompts.settle()
        self.assertIsInstance(errors[0], PromptFetchError)
        self.assertIsNone(errors[0].status)

        down = PromptClient(DOWN_URL, READ_TOKEN, timeout=2.0)
        fallback = down.get_prompt(name, label="production", fallback="Hi {{name}}")
        self.assertEqual((fallback.source, fallback.version, fallback.variables), ("fallback", 0, ["name"]))
        self.assertEqual(fallback.compile(name="Ada"), "Hi Ada")
        with self.assertRaises(PromptFetchError) as raised:
            down.get_prompt(name, label="production")
        self.assertIn("did not answer", str(raised.exception))

    def test_mistakes_raise_with_the_servers_words_even_with_a_fallback(self) -> None:
        prompts = self.client()
        with self.assertRaises(PromptFetchError) as missing:
            prompts.get_prompt("no-such-prompt", label="production", fallback="x")
        self.assertEqual((missing.exception.status, str(missing.exception)), (404, "No prompt named 'no-such-prompt'."))
        run_only = PromptClient(URL, RUN_ONLY_TOKEN)
        with self.assertRaises(PromptFetchError) as refused:
            run_only.get_prompt("no-such-prompt", fallback="x")
        self.assertEqual(refused.exception.status, 403)
        self.assertIn("lacks the 'read' scope", str(refused.exception))

    def test_compile_refuses_a_missing_variable(self) -> None:
        name = new_prompt("Answer {{customer}} about {{topic}} in {{ lang }}.")
        prompt = self.client().get_prompt(name, label="production")
        self.assertEqual(prompt.variables, ["customer", "topic", "lang"])
        with self.assertRaises(MissingVariableError) as raised:
            prompt.compile(customer="Ada")
        self.assertEqual(raised.exception.missing, ["topic", "lang"])
        self.assertEqual(str(raised.exception), "No value for {{topic}}, {{lang}}: pass them to compile().")
        self.assertEqual(
            prompt.compile(customer="Ada", topic="her invoice", lang=True), "Answer Ada about her invoice in true."
        )


if __name__ == "__main__":
    unittest.main()
