"""Graph and vector stores: protocols, adapters and the embedded engines behind them."""
