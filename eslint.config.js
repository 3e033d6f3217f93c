// Lint of the browser code: the shell pages (server/static/js) and each game's module
// (games/<package>/web). Plain ES modules, no build step. `make lint` runs it.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "build/"] },
  js.configs.recommended,
  {
    files: ["src/getaway/server/static/js/**/*.js", "src/getaway/games/*/web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
];
