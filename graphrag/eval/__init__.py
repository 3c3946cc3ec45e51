"""Evaluation: dataset loaders, metrics, the runner with baselines, and readable reports.

Nothing in the product imports this package.
"""
