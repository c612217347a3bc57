"""compile() and variables_of() without a server: the same rules as the TypeScript SDK."""

import unittest

from prompt_perfect import MissingVariableError, compile_text, variables_of


class CompileTest(unittest.TestCase):
    def test_each_variable_once_in_order_of_first_use(self) -> None:
        self.assertEqual(variables_of("{{b}} {{ a }} {{b}} {{x.y-z}} {{1bad}} {{}}"), ["b", "a", "x.y-z"])

    def test_fills_every_variable_and_keeps_other_braces(self) -> None:
        self.assertEqual(compile_text("{{a}}+{{ a }} = {{n}} {x}", {"a": "one", "n": 2}), "one+one = 2 {x}")

    def test_names_the_one_missing_variable(self) -> None:
        with self.assertRaises(MissingVariableError) as raised:
            compile_text("Hi {{name}}", {})
        self.assertEqual(str(raised.exception), "No value for {{name}}: pass it to compile().")


if __name__ == "__main__":
    unittest.main()
