"""The committed notebooks: valid nbformat 4 for the python3 kernel, free of outputs, each reading the run it is given.

Outputs belong to an executed copy (run-all.sh writes those to a temporary directory); a committed notebook with
outputs would carry one machine's charts and numbers into every diff.
"""

import unittest
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
NOTEBOOKS = sorted(HERE.glob("*.ipynb"))
CHARTS_OF = {"overview.ipynb": ["overview.png", "overview-first-use.png"], "sync-async.ipynb": ["sync-async.png"],
             "concurrency.ipynb": ["concurrency.png"], "distributions.ipynb": ["distribution_files"],
             "warmup.ipynb": ["warmup.png"], "scaling.ipynb": ["scaling.png"]}


class CommittedNotebooksTest(unittest.TestCase):
    def test_the_six_notebooks_are_there(self):
        self.assertEqual([p.name for p in NOTEBOOKS], sorted(CHARTS_OF))

    def test_each_is_valid_nbformat_4_for_the_python3_kernel(self):
        for path in NOTEBOOKS:
            with self.subTest(path.name):
                nb = nbformat.read(path, as_version=nbformat.NO_CONVERT)
                nbformat.validate(nb)
                self.assertEqual(nb.nbformat, 4)
                self.assertEqual(nb.metadata.kernelspec.name, "python3")

    def test_each_is_free_of_outputs(self):
        for path in NOTEBOOKS:
            nb = nbformat.read(path, as_version=4)
            for cell in nb.cells:
                if cell.cell_type == "code":
                    with self.subTest(path.name, cell=cell.id):
                        self.assertEqual(cell.outputs, [])
                        self.assertIsNone(cell.execution_count)

    def test_each_reads_the_run_it_is_given_and_writes_its_chart_there(self):
        for path in NOTEBOOKS:
            with self.subTest(path.name):
                code = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
                self.assertIn("results.load_run(results.find_run())", code)
                self.assertIn("run.folder", code)
                for chart in CHARTS_OF[path.name]:
                    self.assertIn(chart, code)


if __name__ == "__main__":
    unittest.main()
