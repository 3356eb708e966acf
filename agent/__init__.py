"""One turn of `mem ask`: context assembly, retrieval, model adapter, cited answers, after-turn learning."""
